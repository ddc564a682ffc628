-- +goose Up
-- Every catalogue kind (sensors now; bands, spectra, VCVs... later) lives in one table: the
-- kind's own fields are JSON in datos, validated by its declaration. Template items have no
-- factory; a downloaded item keeps its template's GUID in origen_guid (once per factory).
CREATE TABLE catalogo (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    fabrica_id  INTEGER REFERENCES fabricas(id) ON DELETE CASCADE,
    tipo        TEXT    NOT NULL,
    guid        TEXT    NOT NULL UNIQUE,
    origen_guid TEXT,
    nombre_es   TEXT    NOT NULL,
    nombre_en   TEXT    NOT NULL,
    datos       TEXT    NOT NULL
);
CREATE INDEX catalogo_lista ON catalogo (tipo, fabrica_id, nombre_es);
CREATE UNIQUE INDEX catalogo_descarga ON catalogo (fabrica_id, tipo, origen_guid);

-- Which item uses which (a spectrum its bands, a spectrum its sensor): an item in use is not deleted.
CREATE TABLE catalogo_usos (
    usuario_id INTEGER NOT NULL REFERENCES catalogo(id) ON DELETE CASCADE,
    usado_id   INTEGER NOT NULL REFERENCES catalogo(id),
    PRIMARY KEY (usuario_id, usado_id)
);
CREATE INDEX catalogo_usos_usado ON catalogo_usos (usado_id);

-- +goose Down
DROP TABLE catalogo_usos;
DROP TABLE catalogo;
