import {
  AppstoreAddOutlined,
  ArrowLeftOutlined,
  EyeOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { compositionRequestSchema, type ZoneKind } from '@vitrine/contract';
import { Alert, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useLayoutMode } from '../../../lib/layout-mode';
import { notify } from '../../../lib/notify';
import { useUnsavedGuard } from '../../../lib/use-unsaved-guard';
import { useSaveComposition } from '../api';
import { editorReducer, isDirty, startEditor } from '../editor-state';
import { canRedo, canUndo } from '../history';
import { type CompositionDraft, requestOf, type ZoneDraft } from '../model';
import { useEditorKeys } from '../use-editor-keys';
import { CompositionPreview } from './CompositionPreview';
import { CompositionSettings } from './CompositionSettings';
import { EditorCanvas } from './EditorCanvas';
import { EditorToolbar } from './EditorToolbar';
import { LayersPanel } from './LayersPanel';
import { SaveTemplateDialog } from './SaveTemplateDialog';
import { ZonePanel } from './ZonePanel';
import './composition.css';
import { Tabs } from '../../../components/Tabs';

type Props = {
  /** The saved composition's id; null for a new one. */
  id: number | null;
  initial: CompositionDraft;
  onClose: () => void;
  /** After the first save of a new composition: the address names it from then on. */
  onCreated: (id: number) => void;
};

/** The refusals of a draft, as contract message keys: the name's apart, shown at its field. */
function checkDraft(draft: CompositionDraft) {
  const result = compositionRequestSchema.safeParse(requestOf(draft));
  if (result.success) return { name: null, others: [] as { key: string; zone?: string }[] };
  const issues = result.error.issues;
  return {
    name: issues.find((issue) => issue.path[0] === 'name')?.message ?? null,
    others: issues
      .filter((issue) => issue.path[0] !== 'name')
      .map((issue) => ({
        key: issue.message,
        zone:
          issue.path[0] === 'zones' && typeof issue.path[1] === 'number'
            ? draft.zones[issue.path[1]]?.name
            : undefined,
      })),
  };
}

/**
 * The composition editor, over the whole window: the canvas with its zones in the middle, the
 * layers at the start side, the selected zone and the composition's settings at the end side.
 * Every change is undoable; leaving with unsaved changes asks first.
 */
export function CompositionEditor({ id, initial, onClose, onCreated }: Props) {
  const { t } = useTranslation(['composition', 'contract']);
  const { mobile } = useLayoutMode();
  const [state, dispatch] = useReducer(editorReducer, initial, startEditor);
  // A new composition has an id from its first save on.
  const [savedId, setSavedId] = useState(id);
  const [tried, setTried] = useState(false);
  const [tab, setTab] = useState('zone');
  const [previewing, setPreviewing] = useState(false);
  const [templating, setTemplating] = useState(false);
  const save = useSaveComposition();
  const draft = state.history.present;
  const zone = draft.zones.find((candidate) => candidate.key === state.selected) ?? null;
  const dirty = savedId === null || isDirty(state);
  const problems = checkDraft(draft);
  const nameError = tried || draft.name !== initial.name ? problems.name : null;

  const askLeave = useCallback(
    (leave: () => void) =>
      confirmAction({
        title: t('editor.leaveTitle'),
        content: t('editor.leaveText'),
        okText: t('editor.leave'),
        danger: true,
        onOk: leave,
      }),
    [t],
  );
  useUnsavedGuard(dirty, askLeave);
  const close = () => (dirty ? askLeave(onClose) : onClose());

  const kindCount = (kind: ZoneKind) => draft.zones.filter((candidate) => candidate.kind === kind).length;
  const nameFor = (kind: ZoneKind) =>
    t('editor.newZoneName', { kind: t(`kind.${kind}`), number: kindCount(kind) + 1 });
  const copyName = (source: ZoneDraft) => t('editor.copyName', { name: source.name });

  const submit = () => {
    setTried(true);
    if (problems.name || problems.others.length > 0) {
      if (problems.name) setTab('composition');
      return;
    }
    save.mutate(
      { id: savedId, body: requestOf(draft) },
      {
        onSuccess: (saved) => {
          dispatch({ type: 'saved', draft });
          setSavedId(saved.id);
          notify({ type: 'success', title: t('editor.saved') });
        },
      },
    );
  };
  const preview = () => {
    setTried(true);
    if (problems.name || problems.others.length > 0) return;
    setPreviewing(true);
  };

  // Once nothing is unsaved (the guard is off), the address may name the new composition.
  useEffect(() => {
    if (id === null && savedId !== null) onCreated(savedId);
  }, [id, savedId, onCreated]);

  useEditorKeys({ dispatch, selected: zone, draft, save: submit });

  const zoneTab = zone ? (
    <ZonePanel key={zone.key} zone={zone} draft={draft} dispatch={dispatch} />
  ) : (
    <Typography.Paragraph type="secondary">{t('editor.noSelection')}</Typography.Paragraph>
  );
  const panels = [
    { key: 'zone', label: t('editor.zone'), children: zoneTab },
    {
      key: 'composition',
      label: t('editor.composition'),
      children: <CompositionSettings draft={draft} dispatch={dispatch} nameError={nameError} />,
    },
    ...(mobile
      ? [
          {
            key: 'layers',
            label: t('editor.layers'),
            children: <LayersPanel draft={draft} selected={state.selected} dispatch={dispatch} />,
          },
        ]
      : []),
  ];

  return (
    <div
      className={`composition-editor${mobile ? ' composition-editor--mobile' : ''}`}
      role="dialog"
      aria-modal
      aria-label={t('editor.title', { name: draft.name })}
    >
      <header className="composition-editor__bar">
        <Tooltip title={t('editor.close')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined className="composition-flip" />}
            aria-label={t('editor.close')}
            onClick={close}
          />
        </Tooltip>
        <Typography.Title
          level={5}
          ellipsis
          className="composition-editor__title"
          dir="auto"
          style={{ margin: 0 }}
        >
          {draft.name.trim() || t('create.title')}
        </Typography.Title>
        {dirty ? <Tag>{t('editor.unsaved')}</Tag> : null}
        <Flex gap={4} wrap justify="end" className="composition-editor__actions">
          <Tooltip title={t('editor.undo')}>
            <Button
              icon={<UndoOutlined />}
              aria-label={t('editor.undo')}
              disabled={!canUndo(state.history)}
              onClick={() => dispatch({ type: 'undo' })}
            />
          </Tooltip>
          <Tooltip title={t('editor.redo')}>
            <Button
              icon={<RedoOutlined />}
              aria-label={t('editor.redo')}
              disabled={!canRedo(state.history)}
              onClick={() => dispatch({ type: 'redo' })}
            />
          </Tooltip>
          <Button icon={<EyeOutlined />} onClick={preview}>
            {mobile ? null : t('editor.preview')}
          </Button>
          <Button
            icon={<AppstoreAddOutlined />}
            onClick={() => setTemplating(true)}
            aria-label={t('editor.saveAsTemplate')}
          >
            {mobile ? null : t('editor.saveAsTemplate')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            onClick={submit}
            id="composition-save"
          >
            {t('editor.save')}
          </Button>
        </Flex>
      </header>
      <EditorToolbar draft={draft} zone={zone} dispatch={dispatch} nameFor={nameFor} copyName={copyName} />
      {save.error || (tried && problems.others.length > 0) ? (
        <div className="composition-editor__errors">
          <ErrorAlert error={save.error} />
          {tried && problems.others.length > 0 ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={
                <ul className="composition-editor__problems">
                  {problems.others.map((problem) => (
                    <li key={`${problem.key}-${problem.zone ?? ''}`}>
                      {problem.zone ? `${problem.zone}: ` : ''}
                      {t(`contract:${problem.key}`)}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
        </div>
      ) : null}
      <div className="composition-editor__body">
        {mobile ? null : (
          <aside className="composition-editor__layers" aria-label={t('editor.layers')}>
            <Typography.Text strong>{t('editor.layers')}</Typography.Text>
            <LayersPanel draft={draft} selected={state.selected} dispatch={dispatch} />
          </aside>
        )}
        <EditorCanvas draft={draft} selected={state.selected} dispatch={dispatch} />
        <aside className="composition-editor__panel">
          <Tabs activeKey={tab} onChange={setTab} items={panels} size="small" />
        </aside>
      </div>
      {previewing ? (
        <CompositionPreview
          source={requestOf(draft)}
          name={draft.name}
          canvas={draft}
          onClose={() => setPreviewing(false)}
        />
      ) : null}
      <SaveTemplateDialog draft={templating ? draft : null} onClose={() => setTemplating(false)} />
    </div>
  );
}
