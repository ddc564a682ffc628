-- +goose Up
-- The last value of each series and, for a reference series, its state against its
-- thresholds (0 no value, 1 no thresholds, 2 normal, 3 warning, 4 alarm, 5 danger), kept on
-- every write so that a site's alarms read them without touching the history.
ALTER TABLE series ADD COLUMN ultimo_t INTEGER;
ALTER TABLE series ADD COLUMN ultimo_v INTEGER;
ALTER TABLE series ADD COLUMN estado INTEGER NOT NULL DEFAULT 0;
CREATE INDEX series_estado ON series (maquina_id, estado);

-- Interventions: dated notes a user adds to a machine (a bearing changed, an alignment...),
-- shown over its history.
CREATE TABLE intervenciones (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    maquina_id INTEGER NOT NULL REFERENCES maquinas(id) ON DELETE CASCADE,
    fecha      INTEGER NOT NULL,
    texto      TEXT    NOT NULL,
    usuario_id INTEGER REFERENCES usuarios(id) ON DELETE SET NULL,
    autor      TEXT    NOT NULL
);
CREATE INDEX intervenciones_maquina ON intervenciones (maquina_id, fecha);

-- +goose Down
DROP TABLE intervenciones;
DROP INDEX series_estado;
ALTER TABLE series DROP COLUMN estado;
ALTER TABLE series DROP COLUMN ultimo_v;
ALTER TABLE series DROP COLUMN ultimo_t;
