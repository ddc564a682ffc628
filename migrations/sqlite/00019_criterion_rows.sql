-- +goose Up
-- A condition id names a condition of one criterion only (criteria number theirs from 1), so a
-- reference row, and each series of its values, is of an association in one condition of one
-- criterion: a machine switched to another criterion gets rows of its own for that one's
-- conditions, where it took over the old one's rows and history of the same ids. The nameless
-- condition 0 (no criterion, or one without conditions) is every criterion's: criterio_id 0.
-- Rows and series made before this are taken to be of their machine's present criterion.
CREATE TABLE valores_referencia_criterio (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    asociacion_id     INTEGER NOT NULL REFERENCES asociaciones(id) ON DELETE CASCADE,
    criterio_id       INTEGER NOT NULL,
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
    UNIQUE (asociacion_id, criterio_id, condicion_id)
);
INSERT INTO valores_referencia_criterio
SELECT r.id, r.asociacion_id, CASE WHEN r.condicion_id = 0 THEN 0 ELSE COALESCE(m.criterio_id, 0) END, r.condicion_id,
    r.v_h1_aviso, r.v_h1_alarma, r.v_h1_peligro, r.h_h2_aviso, r.h_h2_alarma, r.h_h2_peligro, r.a_aviso, r.a_alarma, r.a_peligro,
    r.temperatura_aviso, r.temperatura_alarma, r.temperatura_peligro
FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id JOIN maquinas m ON m.id = a.maquina_id;
-- AUTOINCREMENT goes on from the old table's: a VrId once given is never given again.
DELETE FROM sqlite_sequence WHERE name = 'valores_referencia_criterio';
INSERT INTO sqlite_sequence (name, seq) SELECT 'valores_referencia_criterio', seq FROM sqlite_sequence WHERE name = 'valores_referencia';
DROP TABLE valores_referencia;
ALTER TABLE valores_referencia_criterio RENAME TO valores_referencia;

ALTER TABLE series ADD COLUMN criterio_id INTEGER;
UPDATE series SET criterio_id = CASE WHEN condicion_id = 0 THEN 0 ELSE COALESCE((SELECT criterio_id FROM maquinas WHERE id = series.maquina_id), 0) END
WHERE tipo = 'ref';
UPDATE series SET clave = 'r/' || asociacion_id || '/' || criterio_id || '/' || condicion_id || '/' || direccion WHERE tipo = 'ref';

-- A series of a condition its machine's criterion no longer has was counted among the alarms
-- until the machine's conditions next changed: unlisted now (history.StateUnlisted).
UPDATE series SET estado = -1, ultimo_r = 0
WHERE tipo = 'ref' AND estado <> -1 AND NOT EXISTS (
    SELECT 1 FROM maquinas m LEFT JOIN catalogo c ON c.id = m.criterio_id
    WHERE m.id = series.maquina_id AND CASE
        WHEN series.condicion_id = 0 THEN COALESCE(json_array_length(c.datos, '$.Condiciones'), 0) = 0
        ELSE series.criterio_id = m.criterio_id AND EXISTS (SELECT 1 FROM json_each(c.datos, '$.Condiciones') k
            WHERE json_extract(k.value, '$.UsuCondicionID') = series.condicion_id)
    END);

-- +goose Down
-- Only the rows and series of each machine's present criterion (and of condition 0) go back:
-- by condition alone, those of other criteria could not be told apart from them.
DELETE FROM series WHERE tipo = 'ref' AND criterio_id <> CASE WHEN condicion_id = 0 THEN 0
    ELSE COALESCE((SELECT criterio_id FROM maquinas WHERE id = series.maquina_id), 0) END;
UPDATE series SET clave = 'r/' || asociacion_id || '/' || condicion_id || '/' || direccion WHERE tipo = 'ref';
ALTER TABLE series DROP COLUMN criterio_id;
CREATE TABLE valores_referencia_condicion (
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
INSERT INTO valores_referencia_condicion
SELECT r.id, r.asociacion_id, r.condicion_id, r.v_h1_aviso, r.v_h1_alarma, r.v_h1_peligro, r.h_h2_aviso, r.h_h2_alarma, r.h_h2_peligro,
    r.a_aviso, r.a_alarma, r.a_peligro, r.temperatura_aviso, r.temperatura_alarma, r.temperatura_peligro
FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id JOIN maquinas m ON m.id = a.maquina_id
WHERE r.criterio_id = CASE WHEN r.condicion_id = 0 THEN 0 ELSE COALESCE(m.criterio_id, 0) END;
DELETE FROM sqlite_sequence WHERE name = 'valores_referencia_condicion';
INSERT INTO sqlite_sequence (name, seq) SELECT 'valores_referencia_condicion', seq FROM sqlite_sequence WHERE name = 'valores_referencia';
DROP TABLE valores_referencia;
ALTER TABLE valores_referencia_condicion RENAME TO valores_referencia;
