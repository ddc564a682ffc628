-- +goose Up
-- A reference series' last value over the threshold its state is measured against (the one
-- it passed; the warning's for a normal series), kept beside its state so that a site's
-- alarms list each state's series furthest past their level (nearest the warning) first,
-- whatever their units (0 without a value or thresholds). A site's page of a state reads
-- series_orden backwards, worst first, and stops at the page's end.
ALTER TABLE series ADD COLUMN ultimo_r REAL NOT NULL DEFAULT 0;
CREATE INDEX series_orden ON series (tipo, estado, ultimo_r, ultimo_v, id);
UPDATE series SET ultimo_r = COALESCE(CAST(ultimo_v AS REAL) / (
    SELECT NULLIF(CASE series.direccion * 10 + series.estado
        WHEN 2 THEN v_h1_aviso WHEN 3 THEN v_h1_aviso WHEN 4 THEN v_h1_alarma WHEN 5 THEN v_h1_peligro
        WHEN 12 THEN h_h2_aviso WHEN 13 THEN h_h2_aviso WHEN 14 THEN h_h2_alarma WHEN 15 THEN h_h2_peligro
        WHEN 22 THEN a_aviso WHEN 23 THEN a_aviso WHEN 24 THEN a_alarma WHEN 25 THEN a_peligro
        WHEN 32 THEN temperatura_aviso WHEN 33 THEN temperatura_aviso WHEN 34 THEN temperatura_alarma WHEN 35 THEN temperatura_peligro
    END, 0) FROM valores_referencia r WHERE r.asociacion_id = series.asociacion_id AND r.condicion_id = series.condicion_id), 0)
WHERE tipo = 'ref' AND estado >= 2;

-- +goose Down
DROP INDEX series_orden;
ALTER TABLE series DROP COLUMN ultimo_r;
