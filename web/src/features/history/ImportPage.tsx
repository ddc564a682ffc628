import { useState } from 'react';
import { Alert, Card, Flex, Progress, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useMe } from '../../app/auth';
import { useFactory } from '../../app/factory';
import { isEditor } from '../../app/roles';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { describeError } from '../../app/useApiError';
import { currentLanguage } from '../../i18n';
import { sendImport, useImported, type Imported } from './api';
import { fileProblem, importReasons, type ImportReason } from './history';

/** Where an import stands: sending (with the upload's progress), done, refused, failed, or not sent (an unreadable file). */
type Stage =
  | { step: 'idle' }
  | { step: 'sending'; file: string; done: number }
  | { step: 'done'; file: string; report: Imported }
  | { step: 'refused'; file: string; reasons: ImportReason[]; more?: string }
  | { step: 'failed'; file: string; error: unknown }
  | { step: 'unreadable'; file: string; problem: 'format' | 'empty' };

/**
 * The import of measured history (/history/import, ADMIN and U_EDITOR): a plant brings the
 * history of the system it replaces as CSV (VrId,Dir,Fecha,Valor) or as the JSON devices send.
 * The file is stored whole or not at all; the report says how many values were read and
 * stored, or which lines were refused and why.
 */
export default function ImportPage() {
  const { t } = useTranslation();
  const me = useMe();
  const { factoryId = 0 } = useFactory();
  const imported = useImported();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  useDocumentTitle(t('history.import.title'));
  if (!isEditor(me.Tipos)) return <Navigate to="/error" replace state={{ reason: 'forbidden' }} />;

  const start = (file: File) => {
    const problem = fileProblem(file);
    if (problem) {
      setStage({ step: 'unreadable', file: file.name, problem });
      return false;
    }
    setStage({ step: 'sending', file: file.name, done: 0 });
    sendImport(factoryId, file, (done) => setStage({ step: 'sending', file: file.name, done }))
      .then((report) => {
        setStage({ step: 'done', file: file.name, report });
        void imported();
      })
      .catch((error: unknown) =>
        setStage(
          error instanceof ApiError && error.status === 422
            ? { step: 'refused', file: file.name, ...importReasons(error.errors) }
            : { step: 'failed', file: file.name, error },
        ),
      );
    return false; // sent here, not by the Upload
  };
  const number = (n: number) => n.toLocaleString(currentLanguage());

  return (
    <Card title={t('history.import.title')} styles={{ header: { paddingBlock: 12 } }}>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('history.import.help')}
        </Typography.Paragraph>
        <Typography.Text code style={{ alignSelf: 'flex-start' }}>
          VrId,Dir,Fecha,Valor
        </Typography.Text>
        <Upload.Dragger accept=".csv,.json,text/csv,application/json" showUploadList={false} beforeUpload={start} disabled={stage.step === 'sending' || factoryId === 0}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('history.import.drop')}</p>
          <p className="ant-upload-hint">{t('history.import.formats')}</p>
        </Upload.Dragger>
        {stage.step === 'sending' && (
          <Flex vertical gap={4} role="status">
            <Typography.Text>{stage.done < 1 ? t('history.import.sending', { file: stage.file }) : t('history.import.processing', { file: stage.file })}</Typography.Text>
            <Progress percent={Math.round(stage.done * 100)} status="active" />
          </Flex>
        )}
        {stage.step === 'done' && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={t('history.import.done', { file: stage.file })}
            description={t('history.import.report', { read: number(stage.report.Leidas), stored: number(stage.report.Guardadas) })}
          />
        )}
        {stage.step === 'unreadable' && (
          <Alert type="error" showIcon role="alert" title={t('history.import.failed', { file: stage.file })} description={t(`history.import.problems.${stage.problem}`)} />
        )}
        {stage.step === 'failed' && <Alert type="error" showIcon role="alert" title={t('history.import.failed', { file: stage.file })} description={describeError(t, stage.error)} />}
        {stage.step === 'refused' && (
          <Flex vertical gap={8}>
            <Alert type="error" showIcon role="alert" title={t('history.import.refused', { file: stage.file })} description={t('history.import.nothingStored')} />
            <Table<ImportReason>
              size="small"
              rowKey={(r) => `${r.line ?? ''}${r.list ?? ''}${r.index ?? ''}${r.field ?? ''}${r.message}`}
              pagination={false}
              dataSource={stage.reasons}
              columns={[
                {
                  key: 'place',
                  title: t('history.import.place'),
                  width: 160,
                  render: (_, r) =>
                    r.line !== undefined ? t('history.import.line', { line: r.line }) : r.list !== undefined ? `${r.list} ${(r.index ?? 0) + 1}` : '',
                },
                { key: 'field', title: t('history.import.field'), width: 140, dataIndex: 'field' },
                { key: 'message', title: t('history.import.reason'), dataIndex: 'message' },
              ]}
            />
            {stage.more && <Typography.Text type="secondary">{stage.more}</Typography.Text>}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
