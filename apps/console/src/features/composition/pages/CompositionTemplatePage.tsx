import { DeleteOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { CompositionTemplateItem } from '@vitrine/contract';
import { Button, Empty, Segmented, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { useDeleteTemplate, useTemplateList } from '../api';
import { TemplateCard } from '../components/TemplateCard';
import { newCompositionParams } from '../editor-address';
import { useTemplateNames } from '../use-template-names';
import '../components/composition.css';

/** Where "use this template" opens the editor. */
export const COMPOSITION_LIST_PATH = '/content/composition-list';
const SHOWN = ['all', 'shipped', 'own'] as const;
type Shown = (typeof SHOWN)[number];

/**
 * /content/composition-template: the shipped layouts and the company's own (saved from the editor)
 * as sketches; one starts a new composition in the editor; own ones can be deleted.
 */
export function CompositionTemplatePage() {
  const { t } = useTranslation(['composition', 'common']);
  const navigate = useNavigate();
  const { templateName } = useTemplateNames();
  const templates = useTemplateList();
  const remove = useDeleteTemplate();
  const [shown, setShown] = useState<Shown>('all');
  const list = (templates.data?.list ?? []).filter(
    (template) => shown === 'all' || template.shipped === (shown === 'shipped'),
  );

  const use = (template: CompositionTemplateItem) =>
    navigate(`${COMPOSITION_LIST_PATH}?${newCompositionParams({ template: template.id })}`);
  const askDelete = (template: CompositionTemplateItem) =>
    confirmDelete({
      content: t('template.deleteConfirm', { name: templateName(template) }),
      onOk: () => remove.mutateAsync(template.id),
      doneText: t('template.deleted'),
    });

  return (
    <>
      <PageHeader title={t('common:route.compositionTemplate')} />
      <Segmented
        value={shown}
        onChange={setShown}
        options={SHOWN.map((value) => ({ value, label: t(`template.shown.${value}`) }))}
        style={{ marginBottom: 16 }}
      />
      <Spin spinning={templates.isFetching}>
        {list.length === 0 && !templates.isLoading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template.empty')} />
        ) : (
          <ul className="composition-cards">
            {list.map((template) => {
              const name = templateName(template);
              return (
                <li key={template.id}>
                  <TemplateCard
                    template={template}
                    badge={
                      template.shipped ? (
                        <Tag>{t('template.shipped')}</Tag>
                      ) : (
                        <Tag color="blue">{t('template.own')}</Tag>
                      )
                    }
                    actions={[
                      <Button
                        key="use"
                        type="link"
                        icon={<PlusSquareOutlined />}
                        aria-label={t('template.useNamed', { name })}
                        onClick={() => use(template)}
                      >
                        {t('template.use')}
                      </Button>,
                      ...(template.shipped
                        ? []
                        : [
                            <Button
                              key="delete"
                              type="link"
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={t('template.deleteNamed', { name })}
                              onClick={() => askDelete(template)}
                            >
                              {t('template.delete')}
                            </Button>,
                          ]),
                    ]}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
    </>
  );
}
