-- +goose Up
-- The system's criterion reads as a word, not as a code: 'Desconocido' / 'Unknown' (it is
-- known by its flag, so its name is only what the screens show).
UPDATE catalogo SET nombre_es = 'Desconocido', nombre_en = 'Unknown' WHERE sistema;

DROP TRIGGER fabricas_desconocido;
-- +goose StatementBegin
CREATE TRIGGER fabricas_desconocido AFTER INSERT ON fabricas WHEN NOT NEW.plantilla
BEGIN
    INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, sistema, datos)
    VALUES (NEW.id, 'criterion', lower(hex(randomblob(16))), 'Desconocido', 'Unknown', TRUE,
            '{"TiempoAlarma":3600,"TiempoAviso":3600,"TiempoEstable":3600,"TiempoPeligro":3600,"Vco_v":[],"Condiciones":[]}');
END;
-- +goose StatementEnd

-- +goose Down
UPDATE catalogo SET nombre_es = 'DESCONOCIDO', nombre_en = 'DESCONOCIDO' WHERE sistema;

DROP TRIGGER fabricas_desconocido;
-- +goose StatementBegin
CREATE TRIGGER fabricas_desconocido AFTER INSERT ON fabricas WHEN NOT NEW.plantilla
BEGIN
    INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, sistema, datos)
    VALUES (NEW.id, 'criterion', lower(hex(randomblob(16))), 'DESCONOCIDO', 'DESCONOCIDO', TRUE,
            '{"TiempoAlarma":3600,"TiempoAviso":3600,"TiempoEstable":3600,"TiempoPeligro":3600,"Vco_v":[],"Condiciones":[]}');
END;
-- +goose StatementEnd
