-- +goose Up
-- The system's criterion reads as a word, not as a code: 'Desconocido' / 'Unknown' (it is
-- known by its flag, so its name is only what the screens show).
UPDATE catalogo SET nombre_es = 'Desconocido', nombre_en = 'Unknown' WHERE sistema;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION fabricas_desconocido() RETURNS trigger AS $$
BEGIN
    IF NOT NEW.plantilla THEN
        INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, sistema, datos)
        VALUES (NEW.id, 'criterion', gen_random_uuid()::text, 'Desconocido', 'Unknown', TRUE,
                '{"TiempoAlarma":3600,"TiempoAviso":3600,"TiempoEstable":3600,"TiempoPeligro":3600,"Vco_v":[],"Condiciones":[]}');
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose Down
UPDATE catalogo SET nombre_es = 'DESCONOCIDO', nombre_en = 'DESCONOCIDO' WHERE sistema;

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
