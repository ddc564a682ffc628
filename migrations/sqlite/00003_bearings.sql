-- +goose Up
-- Bearings: template rows (fabrica_id NULL, the shared catalogue) and factory rows; a
-- downloaded factory bearing keeps the GUID of its template in origen_guid.
CREATE TABLE rodamientos (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    fabrica_id  INTEGER REFERENCES fabricas(id) ON DELETE CASCADE,
    guid        TEXT    NOT NULL UNIQUE,
    origen_guid TEXT,
    marca       TEXT    NOT NULL,
    modelo      TEXT    NOT NULL,
    bpfi        REAL    NOT NULL,
    bpfo        REAL    NOT NULL,
    ftf         REAL    NOT NULL,
    bs          REAL    NOT NULL
);
CREATE INDEX rodamientos_marca ON rodamientos (fabrica_id, marca, modelo);
CREATE UNIQUE INDEX rodamientos_descarga ON rodamientos (fabrica_id, origen_guid);

ALTER TABLE puntos ADD COLUMN rodamiento1 INTEGER REFERENCES rodamientos(id) ON DELETE SET NULL;
ALTER TABLE puntos ADD COLUMN rodamiento2 INTEGER REFERENCES rodamientos(id) ON DELETE SET NULL;
ALTER TABLE puntos ADD COLUMN rodamiento3 INTEGER REFERENCES rodamientos(id) ON DELETE SET NULL;
ALTER TABLE puntos ADD COLUMN rodamiento4 INTEGER REFERENCES rodamientos(id) ON DELETE SET NULL;

-- +goose Down
ALTER TABLE puntos DROP COLUMN rodamiento4;
ALTER TABLE puntos DROP COLUMN rodamiento3;
ALTER TABLE puntos DROP COLUMN rodamiento2;
ALTER TABLE puntos DROP COLUMN rodamiento1;
DROP TABLE rodamientos;
