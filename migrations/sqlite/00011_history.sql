-- +goose Up
-- Measured history (internal/history). A series is what one value is measured of, named by a
-- key of its own: a VCV/VCP association, one condition of the machine's criterion and one
-- direction ("r/{association}/{condition}/{direction}"), so it survives a change of the
-- criterion; a machine VCO's start or end value; an alert-device channel's bias; a KOS
-- Sensor's battery, angles, health and wakeups. Each goes with what it belongs to.
CREATE TABLE series (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    clave         TEXT    NOT NULL UNIQUE,
    tipo          TEXT    NOT NULL,
    asociacion_id INTEGER REFERENCES asociaciones(id) ON DELETE CASCADE,
    punto_id      INTEGER REFERENCES puntos(id) ON DELETE CASCADE,
    condicion_id  INTEGER,
    direccion     INTEGER,
    maquina_id    INTEGER REFERENCES maquinas(id) ON DELETE CASCADE,
    vco_id        INTEGER,
    canal         INTEGER,
    equipo_id     INTEGER REFERENCES equipos(id) ON DELETE CASCADE,
    magnitud      TEXT,
    FOREIGN KEY (maquina_id, vco_id) REFERENCES maquina_vcos (maquina_id, vco_id) ON DELETE CASCADE
);
CREATE INDEX series_asociacion ON series (asociacion_id);
CREATE INDEX series_punto ON series (punto_id);
CREATE INDEX series_maquina ON series (maquina_id);
CREATE INDEX series_equipo ON series (equipo_id);

-- The values of a series in chunks: up to a few thousand consecutive values within one time
-- window, encoded by history/codec.go; desde and hasta are the first and last times (unix
-- seconds), n the number of values.
CREATE TABLE chunks (
    serie_id INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
    desde    INTEGER NOT NULL,
    hasta    INTEGER NOT NULL,
    n        INTEGER NOT NULL,
    datos    BLOB    NOT NULL,
    PRIMARY KEY (serie_id, desde)
);

-- Until now only the demo wrote wakeups: they are the sensors' "wakeup" series from here on.
DROP TABLE sensor_despertares;

-- +goose Down
CREATE TABLE sensor_despertares (
    equipo_id INTEGER NOT NULL REFERENCES equipos(id) ON DELETE CASCADE,
    instante  INTEGER NOT NULL,
    PRIMARY KEY (equipo_id, instante)
);
DROP TABLE chunks;
DROP TABLE series;
