-- +goose Up
-- A condition id names a condition of one criterion only (criteria number theirs from 1), so a
-- reference row, and each series of its values, is of an association in one condition of one
-- criterion: a machine switched to another criterion gets rows of its own for that one's
-- conditions, where it took over the old one's rows and history of the same ids. The nameless
-- condition 0 (no criterion, or one without conditions) is every criterion's: criterio_id 0.
-- Rows and series made before this are taken to be of their machine's present criterion.
ALTER TABLE valores_referencia ADD COLUMN criterio_id BIGINT NOT NULL DEFAULT 0;
UPDATE valores_referencia r SET criterio_id = COALESCE(m.criterio_id, 0)
FROM asociaciones a JOIN maquinas m ON m.id = a.maquina_id
WHERE a.id = r.asociacion_id AND r.condicion_id <> 0;
ALTER TABLE valores_referencia ALTER COLUMN criterio_id DROP DEFAULT;
ALTER TABLE valores_referencia DROP CONSTRAINT valores_referencia_asociacion_id_condicion_id_key;
ALTER TABLE valores_referencia ADD UNIQUE (asociacion_id, criterio_id, condicion_id);

ALTER TABLE series ADD COLUMN criterio_id BIGINT;
UPDATE series SET criterio_id = CASE WHEN condicion_id = 0 THEN 0 ELSE COALESCE((SELECT criterio_id FROM maquinas WHERE id = series.maquina_id), 0) END
WHERE tipo = 'ref';
UPDATE series SET clave = 'r/' || asociacion_id || '/' || criterio_id || '/' || condicion_id || '/' || direccion WHERE tipo = 'ref';

-- A series of a condition its machine's criterion no longer has was counted among the alarms
-- until the machine's conditions next changed: unlisted now (history.StateUnlisted).
UPDATE series SET estado = -1, ultimo_r = 0
WHERE tipo = 'ref' AND estado <> -1 AND NOT EXISTS (
    SELECT 1 FROM maquinas m LEFT JOIN catalogo c ON c.id = m.criterio_id
    WHERE m.id = series.maquina_id AND CASE
        WHEN series.condicion_id = 0 THEN CASE WHEN jsonb_typeof(c.datos::jsonb -> 'Condiciones') = 'array'
            THEN jsonb_array_length(c.datos::jsonb -> 'Condiciones') = 0 ELSE TRUE END
        ELSE series.criterio_id = m.criterio_id
            AND (c.datos::jsonb -> 'Condiciones') @> jsonb_build_array(jsonb_build_object('UsuCondicionID', series.condicion_id))
    END);

-- +goose Down
-- Only the rows and series of each machine's present criterion (and of condition 0) go back:
-- by condition alone, those of other criteria could not be told apart from them.
DELETE FROM series WHERE tipo = 'ref' AND criterio_id <> CASE WHEN condicion_id = 0 THEN 0
    ELSE COALESCE((SELECT criterio_id FROM maquinas WHERE id = series.maquina_id), 0) END;
UPDATE series SET clave = 'r/' || asociacion_id || '/' || condicion_id || '/' || direccion WHERE tipo = 'ref';
ALTER TABLE series DROP COLUMN criterio_id;
DELETE FROM valores_referencia r USING asociaciones a JOIN maquinas m ON m.id = a.maquina_id
WHERE a.id = r.asociacion_id AND r.criterio_id <> CASE WHEN r.condicion_id = 0 THEN 0 ELSE COALESCE(m.criterio_id, 0) END;
ALTER TABLE valores_referencia DROP CONSTRAINT valores_referencia_asociacion_id_criterio_id_condicion_id_key;
ALTER TABLE valores_referencia ADD UNIQUE (asociacion_id, condicion_id);
ALTER TABLE valores_referencia DROP COLUMN criterio_id;
