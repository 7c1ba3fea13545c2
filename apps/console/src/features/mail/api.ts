import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Language,
  type MailServerRequest,
  type MailServerTestRequest,
  type MailTemplateRequest,
  type MailTemplateTestRequest,
  type MailTemplateType,
  mailOperations as ops,
} from '@vitrine/contract';
import { call } from '../../lib/call';

// The mail server and the mail templates (/backend/manager/sys/mail). Forms show their failures
// inline, so their writes are silent; a test send answers the SMTP server's words as data.

export const mailKeys = {
  all: ['mail'] as const,
  server: () => [...mailKeys.all, 'server'] as const,
  templates: () => [...mailKeys.all, 'templates'] as const,
  template: (type: MailTemplateType, language: Language) =>
    [...mailKeys.all, 'template', type, language] as const,
};

export type TemplateRef = { type: MailTemplateType; language: Language };

export function useMailServer() {
  return useQuery({ queryKey: mailKeys.server(), queryFn: ({ signal }) => call(ops.server, {}, { signal }) });
}

export function useSaveMailServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MailServerRequest) => call(ops.saveServer, { body }, { silent: true }),
    onSuccess: (state) => client.setQueryData(mailKeys.server(), state),
  });
}

export function useRemoveMailServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.removeServer, {}, { silent: true }),
    onSuccess: (state) => client.setQueryData(mailKeys.server(), state),
  });
}

export function useTestMailServer() {
  return useMutation({
    mutationFn: (body: MailServerTestRequest) => call(ops.testServer, { body }, { silent: true }),
  });
}

export function useMailTemplates() {
  return useQuery({
    queryKey: mailKeys.templates(),
    queryFn: ({ signal }) => call(ops.templates, {}, { signal }),
  });
}

export function useMailTemplate({ type, language }: TemplateRef) {
  return useQuery({
    queryKey: mailKeys.template(type, language),
    queryFn: ({ signal }) => call(ops.template, { params: { type, language } }, { signal }),
  });
}

/** Saving and resetting answer the template as it now is, and change the list's states. */
function useTemplateWrite<I>(
  write: (ref: TemplateRef, input: I) => ReturnType<typeof call<typeof ops.template>>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, input }: { ref: TemplateRef; input: I }) => write(ref, input),
    onSuccess: (template) => {
      client.setQueryData(mailKeys.template(template.type, template.language), template);
      return client.invalidateQueries({ queryKey: mailKeys.templates() });
    },
  });
}

export const useSaveMailTemplate = () =>
  useTemplateWrite((params, body: MailTemplateRequest) =>
    call(ops.saveTemplate, { params, body }, { silent: true }),
  );

export const useResetMailTemplate = () =>
  useTemplateWrite((params, _: null) => call(ops.resetTemplate, { params }, { silent: true }));

export function usePreviewMailTemplate() {
  return useMutation({
    mutationFn: ({ ref, body }: { ref: TemplateRef; body: MailTemplateRequest }) =>
      call(ops.previewTemplate, { params: ref, body }, { silent: true }),
  });
}

export function useTestMailTemplate() {
  return useMutation({
    mutationFn: ({ ref, body }: { ref: TemplateRef; body: MailTemplateTestRequest }) =>
      call(ops.testTemplate, { params: ref, body }, { silent: true }),
  });
}
