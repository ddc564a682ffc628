-- +goose Up
-- Items the system makes and owns (a factory's DESCONOCIDO criterion) are known by a flag,
-- not by their name; items the product generates for a key of its own (a bearing's defect
-- VCV, "bearing:<guid>:BPFO") keep that key, so a rename never makes a second one.
ALTER TABLE catalogo ADD COLUMN sistema BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE catalogo ADD COLUMN clave TEXT;
CREATE UNIQUE INDEX catalogo_clave ON catalogo (fabrica_id, tipo, clave);
UPDATE catalogo SET sistema = TRUE WHERE id IN (
    SELECT MIN(id) FROM catalogo WHERE tipo = 'criterion' AND nombre_es = 'DESCONOCIDO' AND fabrica_id IS NOT NULL GROUP BY fabrica_id);

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION fabricas_desconocido() RETURNS trigger AS $$
BEGIN
    IF NOT NEW.plantilla THEN
        INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, sistema, datos)
        VALUES (NEW.id, 'criterion', gen_random_uuid()::text, 'DESCONOCIDO', 'DESCONOCIDO', TRUE,
                '{"TiempoAlarma":3600,"TiempoAviso":3600,"TiempoEstable":3600,"TiempoPeligro":3600,"Vco_v":[],"Condiciones":[]}');
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION fabricas_desconocido() RETURNS trigger AS $$
BEGIN
    IF NOT NEW.plantilla THEN
        INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, datos)
        VALUES (NEW.id, 'criterion', gen_random_uuid()::text, 'DESCONOCIDO', 'DESCONOCIDO',
                '{"TiempoAlarma":3600,"TiempoAviso":3600,"TiempoEstable":3600,"TiempoPeligro":3600,"Vco_v":[],"Condiciones":[]}');
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
DROP INDEX catalogo_clave;
ALTER TABLE catalogo DROP COLUMN clave;
ALTER TABLE catalogo DROP COLUMN sistema;
