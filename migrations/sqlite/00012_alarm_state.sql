-- +goose Up
-- The last value of each series and, for a reference series, its state against its
-- thresholds (0 no value, 1 no thresholds, 2 normal, 3 warning, 4 alarm, 5 danger), kept on
-- every write so that a site's alarms read them without touching the history.
ALTER TABLE series ADD COLUMN ultimo_t INTEGER;
ALTER TABLE series ADD COLUMN ultimo_v INTEGER;
ALTER TABLE series ADD COLUMN estado INTEGER NOT NULL DEFAULT 0;
CREATE INDEX series_estado ON series (maquina_id, tipo, estado, ultimo_v);

-- How many reference series of each machine are in each state, kept by the database itself
-- (on every insert, delete, cascade or change of state), so that a site's alarms count its
-- series without reading them.
CREATE TABLE series_estados (
    maquina_id INTEGER NOT NULL REFERENCES maquinas(id) ON DELETE CASCADE,
    estado     INTEGER NOT NULL,
    n          INTEGER NOT NULL,
    PRIMARY KEY (maquina_id, estado)
);
-- +goose StatementBegin
CREATE TRIGGER series_estados_insert AFTER INSERT ON series WHEN NEW.tipo = 'ref' BEGIN
    INSERT INTO series_estados (maquina_id, estado, n) VALUES (NEW.maquina_id, NEW.estado, 1)
    ON CONFLICT (maquina_id, estado) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER series_estados_delete AFTER DELETE ON series WHEN OLD.tipo = 'ref' BEGIN
    UPDATE series_estados SET n = n - 1 WHERE maquina_id = OLD.maquina_id AND estado = OLD.estado;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER series_estados_update AFTER UPDATE OF estado ON series WHEN NEW.tipo = 'ref' AND NEW.estado <> OLD.estado BEGIN
    UPDATE series_estados SET n = n - 1 WHERE maquina_id = OLD.maquina_id AND estado = OLD.estado;
    INSERT INTO series_estados (maquina_id, estado, n) VALUES (NEW.maquina_id, NEW.estado, 1)
    ON CONFLICT (maquina_id, estado) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

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
DROP TRIGGER series_estados_update;
DROP TRIGGER series_estados_delete;
DROP TRIGGER series_estados_insert;
DROP TABLE series_estados;
DROP TABLE intervenciones;
DROP INDEX series_estado;
ALTER TABLE series DROP COLUMN estado;
ALTER TABLE series DROP COLUMN ultimo_v;
ALTER TABLE series DROP COLUMN ultimo_t;
