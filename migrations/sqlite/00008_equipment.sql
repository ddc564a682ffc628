-- +goose Up
-- The admin tree above factories (distributor > partner > factory > site) and the equipment
-- registry: gateways, alert devices (also behind a gateway) and KOS Sensor digital sensors.
CREATE TABLE distribuidores (
    id     INTEGER PRIMARY KEY AUTOINCREMENT,
    nombre TEXT NOT NULL UNIQUE
);

CREATE TABLE socios (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    distribuidor_id INTEGER NOT NULL REFERENCES distribuidores(id) ON DELETE CASCADE,
    nombre          TEXT   NOT NULL,
    UNIQUE (distribuidor_id, nombre)
);

ALTER TABLE fabricas ADD COLUMN socio_id INTEGER REFERENCES socios(id) ON DELETE SET NULL;

CREATE TABLE equipos (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    tipo            TEXT   NOT NULL,
    guid            TEXT   NOT NULL UNIQUE,
    numero_serie    TEXT   NOT NULL UNIQUE,
    alias           TEXT   NOT NULL DEFAULT '',
    concentrador_id INTEGER REFERENCES equipos(id),
    numero_orden    INTEGER,
    modo_medicion   TEXT,
    distribuidor_id INTEGER REFERENCES distribuidores(id) ON DELETE SET NULL,
    socio_id        INTEGER REFERENCES socios(id) ON DELETE SET NULL,
    fabrica_id      INTEGER REFERENCES fabricas(id) ON DELETE SET NULL,
    centro_id       INTEGER REFERENCES centros(id) ON DELETE SET NULL,
    usuario_id      INTEGER REFERENCES usuarios(id) ON DELETE SET NULL,
    token_hash      TEXT   NOT NULL
);
CREATE INDEX equipos_tipo ON equipos (tipo, numero_serie);
CREATE INDEX equipos_fabrica ON equipos (fabrica_id);
CREATE INDEX equipos_concentrador ON equipos (concentrador_id);

-- A machine's devices; an alert device serves one machine.
ALTER TABLE maquinas ADD COLUMN equipo_concentrador TEXT REFERENCES equipos(guid);
ALTER TABLE maquinas ADD COLUMN equipo_alert10 TEXT REFERENCES equipos(guid);
ALTER TABLE maquinas ADD COLUMN equipo_alert10c TEXT REFERENCES equipos(guid);
ALTER TABLE maquinas ADD COLUMN kos_sensor BOOLEAN NOT NULL DEFAULT FALSE;
CREATE UNIQUE INDEX maquinas_alert10 ON maquinas (equipo_alert10);
CREATE UNIQUE INDEX maquinas_alert10c ON maquinas (equipo_alert10c);
CREATE INDEX maquinas_concentrador ON maquinas (equipo_concentrador);

-- A point's protection and prediction (JSON), with their sensors and digital spectra kept in
-- columns too, for uniqueness, installation queries and the catalogue's in-use check.
ALTER TABLE puntos ADD COLUMN mems_proteccion TEXT;
ALTER TABLE puntos ADD COLUMN mems_prediccion TEXT;
ALTER TABLE puntos ADD COLUMN sensor_proteccion TEXT REFERENCES equipos(guid);
ALTER TABLE puntos ADD COLUMN sensor_prediccion TEXT REFERENCES equipos(guid);
ALTER TABLE puntos ADD COLUMN espectro_digital_br INTEGER REFERENCES catalogo(id);
ALTER TABLE puntos ADD COLUMN espectro_digital_ar INTEGER REFERENCES catalogo(id);
ALTER TABLE puntos ADD COLUMN espectro_digital_dm INTEGER REFERENCES catalogo(id);
ALTER TABLE puntos ADD COLUMN espectro_digital_mg INTEGER REFERENCES catalogo(id);
CREATE UNIQUE INDEX puntos_sensor_proteccion ON puntos (sensor_proteccion);
CREATE UNIQUE INDEX puntos_sensor_prediccion ON puntos (sensor_prediccion);

-- The alert-device channels wired to a point: a channel serves one direction of one point of
-- the machine.
CREATE TABLE punto_canales (
    punto_id   INTEGER NOT NULL REFERENCES puntos(id) ON DELETE CASCADE,
    maquina_id INTEGER NOT NULL REFERENCES maquinas(id) ON DELETE CASCADE,
    canal      INTEGER NOT NULL,
    direccion  INTEGER NOT NULL,
    PRIMARY KEY (punto_id, direccion),
    UNIQUE (maquina_id, canal)
);

-- When a sensor woke up to measure (unix seconds), as the devices report it.
CREATE TABLE sensor_despertares (
    equipo_id INTEGER NOT NULL REFERENCES equipos(id) ON DELETE CASCADE,
    instante  INTEGER NOT NULL,
    PRIMARY KEY (equipo_id, instante)
);

-- +goose Down
DROP TABLE sensor_despertares;
DROP TABLE punto_canales;
DROP INDEX puntos_sensor_prediccion;
DROP INDEX puntos_sensor_proteccion;
ALTER TABLE puntos DROP COLUMN espectro_digital_mg;
ALTER TABLE puntos DROP COLUMN espectro_digital_dm;
ALTER TABLE puntos DROP COLUMN espectro_digital_ar;
ALTER TABLE puntos DROP COLUMN espectro_digital_br;
ALTER TABLE puntos DROP COLUMN sensor_prediccion;
ALTER TABLE puntos DROP COLUMN sensor_proteccion;
ALTER TABLE puntos DROP COLUMN mems_prediccion;
ALTER TABLE puntos DROP COLUMN mems_proteccion;
DROP INDEX maquinas_concentrador;
DROP INDEX maquinas_alert10c;
DROP INDEX maquinas_alert10;
ALTER TABLE maquinas DROP COLUMN kos_sensor;
ALTER TABLE maquinas DROP COLUMN equipo_alert10c;
ALTER TABLE maquinas DROP COLUMN equipo_alert10;
ALTER TABLE maquinas DROP COLUMN equipo_concentrador;
DROP TABLE equipos;
ALTER TABLE fabricas DROP COLUMN socio_id;
DROP TABLE socios;
DROP TABLE distribuidores;
