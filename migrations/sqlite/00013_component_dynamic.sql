-- +goose Up
-- Whether a component works with operating parameters that vary (S1 §3 'ParametrosDinamicos':
-- its speed or load is not fixed), shown in its editor and in the precalculation's list.
ALTER TABLE componentes ADD COLUMN parametros_dinamicos BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE componentes DROP COLUMN parametros_dinamicos;
