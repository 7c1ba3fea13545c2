import {
  type ContentItem,
  ContentType,
  linkSchema,
  ResultCode,
  streamRequestSchema,
  websiteRequestSchema,
} from '@vitrine/contract';
import { Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDrawer } from '../../../components/FormDrawer';
import { NumberInput } from '../../../components/NumberInput';
import { useRules } from '../../../lib/form-rules';
import { ApiError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useSaveLink } from '../api';
import { KIND_OF, type LinkContentType } from '../library';

type Values = { name: string; link: string; refresh_seconds?: number | null; zoom?: number | null };

type Props = {
  type: LinkContentType;
  open: boolean;
  /** The website or stream to change; none adds one. */
  item: ContentItem | null;
  /** Where a new one goes. */
  folderId?: number;
  onClose: () => void;
};

const REFRESH = websiteRequestSchema.shape.refresh_seconds.unwrap();
const ZOOM = websiteRequestSchema.shape.zoom.unwrap();
/** The zoom factor is edited as a percentage (spec 001 §9). */
const PERCENT = 100;
const FORM_ID = 'contentLinkForm';

/** The server's field errors of a refused form, from a 400001 envelope's data. */
function fieldErrorsOf(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError) || error.code !== ResultCode.validation) return [];
  const data = error.data as { errors?: { field: string; message: string }[] } | null;
  // Beyond its schema, the server checks only the address (reachable, a web page, framable,
  // not private): a refusal naming no field is about the address.
  return data?.errors?.length ? data.errors : [{ field: 'link', message: error.message }];
}

type FormProps = {
  website: boolean;
  kind: string;
  item: ContentItem | null;
  onSubmit: (values: Values, form: FormInstance<Values>) => void;
};

/** The fields, with a form of their own each time the drawer opens (a fresh start for each item). */
function LinkForm({ website, kind, item, onSubmit }: FormProps) {
  const { t } = useTranslation('content');
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  return (
    <Form<Values>
      id={FORM_ID}
      form={form}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
      initialValues={{
        name: item?.name,
        link: item?.link ?? undefined,
        refresh_seconds: item?.refresh_seconds ?? 0,
        zoom: Math.round((item?.zoom ?? 1) * PERCENT),
      }}
    >
      <Form.Item name="name" label={t('field.name')} rules={[rules.zod(streamRequestSchema.shape.name)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="link"
        label={t('field.link')}
        extra={t(`link.help.${kind}`)}
        rules={[rules.zod(linkSchema)]}
      >
        <Input autoComplete="off" inputMode="url" placeholder="https://" dir="ltr" />
      </Form.Item>
      {website ? (
        <>
          <Form.Item name="refresh_seconds" label={t('field.refresh')} extra={t('link.help.refresh')}>
            <NumberInput min={REFRESH.minValue ?? 0} max={REFRESH.maxValue ?? undefined} />
          </Form.Item>
          <Form.Item name="zoom" label={t('field.zoom')} extra={t('link.help.zoom')}>
            <NumberInput
              min={(ZOOM.minValue ?? 0) * PERCENT}
              max={(ZOOM.maxValue ?? 1) * PERCENT}
              suffix="%"
            />
          </Form.Item>
        </>
      ) : null}
    </Form>
  );
}

/** Adds or edits a website (name, address, refresh interval, zoom) or a stream (name, address). */
export function LinkDrawer({ type, open, item, folderId, onClose }: Props) {
  const { t } = useTranslation('content');
  const save = useSaveLink(type);
  const [error, setError] = useState<unknown>(null);
  const kind = KIND_OF[type];
  const website = type === ContentType.website;

  const close = () => {
    setError(null);
    save.reset();
    onClose();
  };

  const submit = (values: Values, form: FormInstance<Values>) => {
    setError(null);
    const common = { name: values.name.trim(), link: values.link.trim() };
    const body = website
      ? { ...common, refresh_seconds: values.refresh_seconds ?? 0, zoom: (values.zoom ?? PERCENT) / PERCENT }
      : common;
    save.mutate(
      { id: item?.id, body: item ? body : { ...body, folder_id: folderId } },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('link.saved') });
          close();
        },
        onError: (failure) => {
          const fields = fieldErrorsOf(failure);
          if (fields.length === 0) setError(failure);
          else
            form.setFields(
              fields.map(({ field, message }) => ({ name: field as keyof Values, errors: [message] })),
            );
        },
      },
    );
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={t(item ? `link.edit.${kind}` : `link.add.${kind}`)}
      formId={FORM_ID}
      submitting={save.isPending}
    >
      <ErrorAlert error={error} />
      <LinkForm key={item?.id ?? 'new'} website={website} kind={kind} item={item} onSubmit={submit} />
    </FormDrawer>
  );
}
