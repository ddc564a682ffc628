-- +goose Up
CREATE TABLE calculos_vr (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    fabrica_id INTEGER REFERENCES fabricas(id) ON DELETE CASCADE,
    nombre_es  TEXT    NOT NULL,
    nombre_en  TEXT    NOT NULL
);
CREATE INDEX calculos_vr_fabrica ON calculos_vr (fabrica_id);

CREATE TABLE centros (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    fabrica_id INTEGER NOT NULL REFERENCES fabricas(id) ON DELETE CASCADE,
    guid       TEXT    NOT NULL UNIQUE,
    nombre_es  TEXT    NOT NULL,
    nombre_en  TEXT    NOT NULL,
    busqueda   TEXT    NOT NULL DEFAULT '',
    contacto   TEXT    NOT NULL DEFAULT '',
    gps        TEXT,
    pais       TEXT    NOT NULL DEFAULT 'ES',
    ciudad     TEXT    NOT NULL DEFAULT '',
    cp         TEXT    NOT NULL DEFAULT '',
    direccion  TEXT    NOT NULL DEFAULT '',
    telefono1  TEXT    NOT NULL DEFAULT '',
    telefono2  TEXT    NOT NULL DEFAULT '',
    fax        TEXT    NOT NULL DEFAULT '',
    email      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX centros_fabrica ON centros (fabrica_id, nombre_es);
CREATE INDEX centros_busqueda ON centros (fabrica_id, busqueda);

CREATE TABLE areas (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    fabrica_id INTEGER NOT NULL REFERENCES fabricas(id) ON DELETE CASCADE,
    parent_id  INTEGER NOT NULL REFERENCES centros(id) ON DELETE CASCADE,
    nombre_es  TEXT    NOT NULL,
    nombre_en  TEXT    NOT NULL,
    busqueda   TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX areas_parent ON areas (parent_id, nombre_es);
CREATE INDEX areas_fabrica ON areas (fabrica_id, busqueda);

CREATE TABLE maquinas (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    fabrica_id            INTEGER NOT NULL REFERENCES fabricas(id) ON DELETE CASCADE,
    parent_id             INTEGER NOT NULL REFERENCES areas(id) ON DELETE CASCADE,
    nombre_es             TEXT    NOT NULL,
    nombre_en             TEXT    NOT NULL,
    busqueda   TEXT    NOT NULL DEFAULT '',
    velocidad_variable    BOOLEAN NOT NULL DEFAULT FALSE,
    actualizacion         TEXT    NOT NULL,
    velocidad_minima      INTEGER,
    velocidad_max_trabajo INTEGER,
    amplitud_minima_1x    INTEGER,
    online                BOOLEAN NOT NULL DEFAULT FALSE,
    kw                    INTEGER NOT NULL DEFAULT 0,
    anclaje               INTEGER,
    calculo_vr_id         INTEGER REFERENCES calculos_vr(id) ON DELETE SET NULL,
    explicacion_es        TEXT    NOT NULL DEFAULT '',
    explicacion_en        TEXT    NOT NULL DEFAULT '',
    tiempo_aprendizaje    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX maquinas_parent ON maquinas (parent_id, nombre_es);
CREATE INDEX maquinas_fabrica ON maquinas (fabrica_id, busqueda);

CREATE TABLE componentes (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    fabrica_id        INTEGER NOT NULL REFERENCES fabricas(id) ON DELETE CASCADE,
    parent_id         INTEGER NOT NULL REFERENCES maquinas(id) ON DELETE CASCADE,
    nombre_es         TEXT    NOT NULL,
    nombre_en         TEXT    NOT NULL,
    busqueda   TEXT    NOT NULL DEFAULT '',
    potencia          INTEGER,
    velocidad_nominal INTEGER,
    montaje           INTEGER,
    calculo_vr_id     INTEGER REFERENCES calculos_vr(id) ON DELETE SET NULL,
    comentario_es     TEXT    NOT NULL DEFAULT '',
    comentario_en     TEXT    NOT NULL DEFAULT '',
    subtipo_id        INTEGER,
    motor             TEXT
);
CREATE INDEX componentes_parent ON componentes (parent_id, nombre_es);
CREATE INDEX componentes_fabrica ON componentes (fabrica_id, busqueda);

CREATE TABLE puntos (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    fabrica_id INTEGER NOT NULL REFERENCES fabricas(id) ON DELETE CASCADE,
    parent_id  INTEGER NOT NULL REFERENCES componentes(id) ON DELETE CASCADE,
    nombre_es  TEXT    NOT NULL,
    nombre_en  TEXT    NOT NULL,
    busqueda   TEXT    NOT NULL DEFAULT '',
    referencia TEXT    NOT NULL DEFAULT '',
    posicion   INTEGER NOT NULL,
    vr         INTEGER,
    montaje_id INTEGER,
    medidas    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX puntos_parent ON puntos (parent_id, nombre_es);
CREATE INDEX puntos_fabrica ON puntos (fabrica_id, busqueda);

-- +goose Down
DROP TABLE puntos;
DROP TABLE componentes;
DROP TABLE maquinas;
DROP TABLE areas;
DROP TABLE centros;
DROP TABLE calculos_vr;
