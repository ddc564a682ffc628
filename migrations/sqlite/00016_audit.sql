-- +goose Up
-- The audit log: every configuration change, written in the change's own transaction. Who
-- (the account, and its login at the time), when (unix ms), what (the operation, its kind
-- and concrete path, the object's id) and the JSON before and after. Factory and machine
-- ids are kept without foreign keys: the log of a deleted machine stays readable.
CREATE TABLE auditoria (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    fecha      INTEGER NOT NULL,
    usuario_id INTEGER REFERENCES usuarios(id) ON DELETE SET NULL,
    usuario    TEXT    NOT NULL,
    fabrica_id INTEGER,
    maquina_id INTEGER,
    tipo       TEXT    NOT NULL,
    operacion  TEXT    NOT NULL,
    metodo     TEXT    NOT NULL,
    ruta       TEXT    NOT NULL,
    objeto_id  TEXT,
    antes      TEXT,
    despues    TEXT
);
CREATE INDEX auditoria_fecha ON auditoria (fecha);
CREATE INDEX auditoria_fabrica ON auditoria (fabrica_id, fecha);
CREATE INDEX auditoria_maquina ON auditoria (maquina_id, fecha);

-- +goose Down
DROP TABLE auditoria;
