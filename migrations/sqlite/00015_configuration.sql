-- +goose Up
-- Each configuration published for a machine: a new version whenever every section of the
-- generator's report is OK, for the one device that receives the machine's configuration.
-- Earlier versions are kept, to compare them and to tell what a device holds. The delivery
-- columns record when the device first fetched it and what it reported having applied.
CREATE TABLE configuraciones (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    maquina_id     INTEGER NOT NULL REFERENCES maquinas(id) ON DELETE CASCADE,
    equipo_id      INTEGER NOT NULL REFERENCES equipos(id) ON DELETE CASCADE,
    version        INTEGER NOT NULL,
    modo           INTEGER NOT NULL,
    hash           TEXT    NOT NULL,
    documento      TEXT    NOT NULL,
    publicada      INTEGER NOT NULL,
    usuario_id     INTEGER REFERENCES usuarios(id) ON DELETE SET NULL,
    entregada      INTEGER,
    informada      INTEGER,
    informe        TEXT,
    hash_informado TEXT,
    UNIQUE (maquina_id, version)
);
CREATE INDEX configuraciones_equipo ON configuraciones (equipo_id, maquina_id, version);

-- When a device last asked for its configuration (unix ms): a device that stops asking is
-- silent.
ALTER TABLE equipos ADD COLUMN sondeo INTEGER;

-- +goose Down
ALTER TABLE equipos DROP COLUMN sondeo;
DROP TABLE configuraciones;
