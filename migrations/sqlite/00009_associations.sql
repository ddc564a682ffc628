-- +goose Up
-- VCVs (analog, digital) and VCPs associated to machine points, and their reference values:
-- one row per condition of the machine's criterion (condition 0: a criterion without
-- conditions), thresholds in thousandths.
CREATE TABLE asociaciones (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    tipo       TEXT   NOT NULL,
    fabrica_id INTEGER NOT NULL REFERENCES fabricas(id) ON DELETE CASCADE,
    maquina_id INTEGER NOT NULL REFERENCES maquinas(id) ON DELETE CASCADE,
    punto_id   INTEGER NOT NULL REFERENCES puntos(id) ON DELETE CASCADE,
    item_id    INTEGER NOT NULL REFERENCES catalogo(id),
    UNIQUE (tipo, punto_id, item_id)
);
CREATE INDEX asociaciones_maquina ON asociaciones (maquina_id);
CREATE INDEX asociaciones_item ON asociaciones (item_id);

CREATE TABLE valores_referencia (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    asociacion_id     INTEGER NOT NULL REFERENCES asociaciones(id) ON DELETE CASCADE,
    condicion_id      INTEGER NOT NULL,
    v_h1_aviso        INTEGER,
    v_h1_alarma       INTEGER,
    v_h1_peligro      INTEGER,
    h_h2_aviso        INTEGER,
    h_h2_alarma       INTEGER,
    h_h2_peligro      INTEGER,
    a_aviso           INTEGER,
    a_alarma          INTEGER,
    a_peligro         INTEGER,
    temperatura_aviso   INTEGER,
    temperatura_alarma  INTEGER,
    temperatura_peligro INTEGER,
    UNIQUE (asociacion_id, condicion_id)
);

-- +goose Down
DROP TABLE valores_referencia;
DROP TABLE asociaciones;
