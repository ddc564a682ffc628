-- +goose Up
-- A serial number names one device whatever its case (ABC123 and abc123 are the same
-- device): unique ignoring case, and the index devices are found by when they call.
CREATE UNIQUE INDEX equipos_numero_serie_lower ON equipos (LOWER(numero_serie));

-- +goose Down
DROP INDEX equipos_numero_serie_lower;
