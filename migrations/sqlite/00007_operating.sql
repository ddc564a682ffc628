-- +goose Up
-- A machine's criterion (a catalogue item of kind 'criterion'), and the VCO/VCOVs associated
-- to a machine with their device channel (unique on a device) and states.
ALTER TABLE maquinas ADD COLUMN criterio_id INTEGER REFERENCES catalogo(id);

CREATE TABLE maquina_vcos (
    maquina_id  INTEGER NOT NULL REFERENCES maquinas(id) ON DELETE CASCADE,
    vco_id      INTEGER NOT NULL REFERENCES catalogo(id),
    equipo_guid TEXT,
    tipo_equipo TEXT,
    canal       INTEGER,
    vr_aviso    INTEGER,
    vr_alarma   INTEGER,
    vr_peligro  INTEGER,
    PRIMARY KEY (maquina_id, vco_id)
);
CREATE INDEX maquina_vcos_vco ON maquina_vcos (vco_id);
CREATE UNIQUE INDEX maquina_vcos_canal ON maquina_vcos (equipo_guid, canal) WHERE canal IS NOT NULL;

-- Every factory has a DESCONOCIDO criterion (MACH-047): the existing ones now, new ones on creation.
INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, datos)
SELECT id, 'criterion', lower(hex(randomblob(16))), 'DESCONOCIDO', 'DESCONOCIDO',
       '{"TiempoAlarma":3600,"TiempoAviso":3600,"TiempoEstable":3600,"TiempoPeligro":3600,"Vco_v":[],"Condiciones":[]}'
FROM fabricas WHERE NOT plantilla;

-- +goose StatementBegin
CREATE TRIGGER fabricas_desconocido AFTER INSERT ON fabricas WHEN NOT NEW.plantilla
BEGIN
    INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, datos)
    VALUES (NEW.id, 'criterion', lower(hex(randomblob(16))), 'DESCONOCIDO', 'DESCONOCIDO',
            '{"TiempoAlarma":3600,"TiempoAviso":3600,"TiempoEstable":3600,"TiempoPeligro":3600,"Vco_v":[],"Condiciones":[]}');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER fabricas_desconocido;
DELETE FROM catalogo WHERE tipo = 'criterion' AND nombre_es = 'DESCONOCIDO';
DROP TABLE maquina_vcos;
ALTER TABLE maquinas DROP COLUMN criterio_id;
