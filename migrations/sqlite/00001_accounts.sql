-- +goose Up
CREATE TABLE fabricas (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    nombre     TEXT    NOT NULL UNIQUE,
    referencia TEXT    NOT NULL DEFAULT ''
);

CREATE TABLE usuarios (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    login         TEXT    NOT NULL UNIQUE,
    nombre        TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    idioma        TEXT    NOT NULL DEFAULT 'es',
    activo        BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE usuario_tipos (
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    tipo       TEXT    NOT NULL,
    PRIMARY KEY (usuario_id, tipo)
);

CREATE TABLE usuario_fabricas (
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    fabrica_id INTEGER NOT NULL REFERENCES fabricas(id) ON DELETE CASCADE,
    PRIMARY KEY (usuario_id, fabrica_id)
);
CREATE INDEX usuario_fabricas_fabrica ON usuario_fabricas (fabrica_id);

CREATE TABLE sesiones (
    token      TEXT    PRIMARY KEY,
    data       BLOB    NOT NULL,
    expiry     INTEGER NOT NULL,
    usuario_id INTEGER REFERENCES usuarios(id) ON DELETE CASCADE
);
CREATE INDEX sesiones_expiry ON sesiones (expiry);
CREATE INDEX sesiones_usuario ON sesiones (usuario_id);

-- +goose Down
DROP TABLE sesiones;
DROP TABLE usuario_fabricas;
DROP TABLE usuario_tipos;
DROP TABLE usuarios;
DROP TABLE fabricas;
