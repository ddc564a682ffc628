-- +goose Up
-- A machine's criterion (a catalogue item of kind 'criterion'), and the VCO/VCOVs associated
-- to a machine with their device channel (unique on a device) and states.
ALTER TABLE maquinas ADD COLUMN criterio_id BIGINT REFERENCES catalogo(id);

CREATE TABLE maquina_vcos (
    maquina_id  BIGINT NOT NULL REFERENCES maquinas(id) ON DELETE CASCADE,
    vco_id      BIGINT NOT NULL REFERENCES catalogo(id),
    equipo_guid TEXT,
    tipo_equipo TEXT,
    canal       BIGINT,
    vr_aviso    BIGINT,
    vr_alarma   BIGINT,
    vr_peligro  BIGINT,
    PRIMARY KEY (maquina_id, vco_id)
);
CREATE INDEX maquina_vcos_vco ON maquina_vcos (vco_id);
CREATE UNIQUE INDEX maquina_vcos_canal ON maquina_vcos (equipo_guid, canal) WHERE canal IS NOT NULL;

-- Every factory has a DESCONOCIDO criterion (MACH-047): the existing ones now, new ones on creation.
INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, datos)
SELECT id, 'criterion', gen_random_uuid()::text, 'DESCONOCIDO', 'DESCONOCIDO',
       '{"TiempoAlarma":3600,"TiempoAviso":3600,"TiempoEstable":3600,"TiempoPeligro":3600,"Vco_v":[],"Condiciones":[]}'
FROM fabricas WHERE NOT plantilla;

-- +goose StatementBegin
CREATE FUNCTION fabricas_desconocido() RETURNS trigger AS $$
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
CREATE TRIGGER fabricas_desconocido AFTER INSERT ON fabricas FOR EACH ROW EXECUTE FUNCTION fabricas_desconocido();

-- +goose Down
DROP TRIGGER fabricas_desconocido ON fabricas;
DROP FUNCTION fabricas_desconocido();
DELETE FROM catalogo WHERE tipo = 'criterion' AND nombre_es = 'DESCONOCIDO';
DROP TABLE maquina_vcos;
ALTER TABLE maquinas DROP COLUMN criterio_id;
