-- +goose Up
-- A serial number names one device whatever its case (ABC123 and abc123 are the same
-- device): unique ignoring case, and the index devices are found by when they call.
-- A database that already holds serials differing only in case keeps every device: the
-- oldest (lowest id) keeps its serial, each other one is marked "-DUP-<id>" (cut to fit
-- 100 characters) for the engineer to correct (docs/SPEC-NOTES.md). Where there were no
-- such serials this changes nothing.
UPDATE equipos SET numero_serie = SUBSTR(numero_serie, 1, 100 - LENGTH('-DUP-' || id)) || '-DUP-' || id
WHERE EXISTS (SELECT 1 FROM equipos o WHERE LOWER(o.numero_serie) = LOWER(equipos.numero_serie) AND o.id < equipos.id);
CREATE UNIQUE INDEX equipos_numero_serie_lower ON equipos (LOWER(numero_serie));

-- +goose Down
DROP INDEX equipos_numero_serie_lower;
