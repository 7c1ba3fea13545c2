import { Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useComposition, useTemplateList } from '../api';
import { editParams, readEditorAddress, withoutEditor } from '../editor-address';
import { blankDraft, type CompositionDraft, draftFromTemplate, draftOf } from '../model';
import { useTemplateNames } from '../use-template-names';
import { CompositionEditor } from './CompositionEditor';

type Session = { key: string; id: number | null; initial: CompositionDraft };

/**
 * Opens the editor the address asks for, once what it starts from has loaded. A new composition
 * keeps its editor (and its undo history) when its first save gives the address its id.
 */
export function EditorHost() {
  const { t } = useTranslation('composition');
  const { templateName, zoneName } = useTemplateNames();
  const [params, setParams] = useSearchParams();
  const address = readEditorAddress(params);
  const [session, setSession] = useState<Session | null>(null);
  const addressKey = params.toString();
  const matches =
    address !== null &&
    session !== null &&
    // A new composition's session keeps its key when its first save gives it an id.
    ('id' in address ? session.id === address.id : session.key === addressKey);
  const detail = useComposition(address && 'id' in address && !matches ? address.id : null);
  const templates = useTemplateList();

  // The first draft of what the address asks for, once what it starts from has loaded.
  function startFrom(wanted: NonNullable<typeof address>): Session | null {
    if ('id' in wanted) {
      return detail.data?.id === wanted.id
        ? { key: `edit-${wanted.id}`, id: wanted.id, initial: draftOf(detail.data) }
        : null;
    }
    const create = wanted.create;
    if (!('template' in create)) {
      return {
        key: addressKey,
        id: null,
        initial: blankDraft(create, create.orientation, t('create.defaultName')),
      };
    }
    const template = templates.data?.list.find((item) => item.id === create.template);
    if (!template) return null;
    const initial = draftFromTemplate(template, templateName(template), (name) => zoneName(template, name));
    return { key: addressKey, id: null, initial };
  }
  if (address !== null && !matches) {
    const next = startFrom(address);
    if (next && next.key !== session?.key) setSession(next);
  }
  // What the address names is gone (deleted, another workspace's): back to the list.
  const missing =
    address !== null &&
    !matches &&
    ('id' in address
      ? detail.isError
      : 'template' in address.create && templates.isSuccess && !startFrom(address));
  useEffect(() => {
    if (missing) setParams((current) => withoutEditor(current), { replace: true });
  }, [missing, setParams]);

  const onCreated = useCallback(
    (id: number) => {
      setSession((current) => (current ? { ...current, id } : current));
      setParams((current) => editParams(id, current), { replace: true });
    },
    [setParams],
  );
  const onClose = useCallback(() => setParams((current) => withoutEditor(current)), [setParams]);

  if (address === null) return null;
  if (!matches || session === null) {
    return (
      <div className="composition-editor composition-editor--loading">
        <Spin size="large" />
      </div>
    );
  }
  return (
    <CompositionEditor
      key={session.key}
      id={session.id}
      initial={session.initial}
      onClose={onClose}
      onCreated={onCreated}
    />
  );
}
