import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type Holiday, holidayRequestSchema } from '@vitrine/contract';
import { Button, DatePicker, Flex, Form, Input, Space, type TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EditableList, type EditTarget } from '../../../components/EditableList';
import { useDateTime } from '../../../components/labels';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useLayoutMode } from '../../../lib/layout-mode';
import { useDeleteHoliday, useHolidayList, useSaveHoliday } from '../api';
import '../schedule.css';

const YEAR_MIN = 2000;
const YEAR_MAX = 2100;
/** Every holiday of a year on one page. */
const PAGE_SIZE = 200;
const DATE_FORMAT = 'YYYY-MM-DD';

function yearOf(raw: string | null): number {
  const year = Number(raw);
  return Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX ? year : new Date().getFullYear();
}

/**
 * /setting/exclude-data: the company's holidays by year (the year in the address). Schedules that
 * exclude holidays do not play on them, in each screen's own timezone.
 */
export function HolidayPage() {
  const { t, i18n } = useTranslation(['schedule', 'common']);
  const { mobile } = useLayoutMode();
  const dateTime = useDateTime();
  const [params, setParams] = useSearchParams();
  const year = yearOf(params.get('year'));
  const list = useHolidayList({ year, page: 1, page_size: PAGE_SIZE, sort: 'date,asc' });
  const remove = useDeleteHoliday();

  const setYear = (next: number) =>
    setParams((current) => {
      const patched = new URLSearchParams(current);
      patched.set('year', String(Math.min(YEAR_MAX, Math.max(YEAR_MIN, next))));
      return patched;
    });

  const weekday = (date: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );

  const columns: TableProps<Holiday>['columns'] = [
    {
      title: t('holiday.field.date'),
      dataIndex: 'date',
      render: (date: string) => (
        <Space size="small">
          <span className="schedule-nowrap">{date}</span>
          <span className="schedule-muted">{weekday(date)}</span>
        </Space>
      ),
    },
    {
      title: t('holiday.field.name'),
      dataIndex: 'name',
      render: (name: string) => <span dir="auto">{name}</span>,
    },
    { title: t('field.createdAt'), dataIndex: 'created_at', render: dateTime },
  ];

  return (
    <EditableList<Holiday>
      title={t('common:route.holiday')}
      addText={t('holiday.add')}
      intro={
        <Flex wrap align="center" gap="small" className="schedule-toolbar">
          <Button
            icon={<LeftOutlined className="schedule-flip" />}
            aria-label={t('holiday.previousYear')}
            disabled={year <= YEAR_MIN}
            onClick={() => setYear(year - 1)}
          />
          <DatePicker
            picker="year"
            allowClear={false}
            aria-label={t('holiday.year')}
            value={dayjs(`${year}-01-01`)}
            minDate={dayjs(`${YEAR_MIN}-01-01`)}
            maxDate={dayjs(`${YEAR_MAX}-12-31`)}
            onChange={(value: Dayjs | null) => (value ? setYear(value.year()) : undefined)}
            style={{ width: mobile ? 120 : 140 }}
          />
          <Button
            icon={<RightOutlined className="schedule-flip" />}
            aria-label={t('holiday.nextYear')}
            disabled={year >= YEAR_MAX}
            onClick={() => setYear(year + 1)}
          />
        </Flex>
      }
      columns={columns}
      actions={{
        title: t('field.actions'),
        editLabel: (holiday) => t('holiday.edit', { name: holiday.name }),
        deleteLabel: (holiday) => t('holiday.delete', { name: holiday.name }),
        deleteConfirm: (holiday) => t('holiday.deleteConfirm', { name: holiday.name, date: holiday.date }),
        remove: (holiday) => remove.mutateAsync(holiday.id),
        deletedText: t('holiday.deleted'),
      }}
      list={list}
      emptyText={t('holiday.empty', { year })}
      drawer={(target) => <HolidayDrawer {...target} year={year} />}
    />
  );
}

type Values = { name: string; date: Dayjs | null };
const FORM_ID = 'holidayForm';

/** Adds or changes a holiday: its name and date; a date already taken is refused by the server. */
function HolidayDrawer({ open, item, onClose, year }: EditTarget<Holiday> & { year: number }) {
  const { t } = useTranslation('schedule');
  const rules = useRules();
  const save = useSaveHoliday();

  // A new holiday starts in the year shown (today, when that is the current year).
  const today = dayjs();
  const start = today.year() === year ? today : dayjs(`${year}-01-01`);

  return (
    <SaveDrawer
      open={open}
      onClose={onClose}
      title={t(item ? 'holiday.editTitle' : 'holiday.add')}
      formId={FORM_ID}
      save={save}
      savedText={t('holiday.saved')}
    >
      {(send) => (
        <Form<Values>
          key={item?.id ?? 'new'}
          id={FORM_ID}
          layout="vertical"
          onFinish={({ name, date }) =>
            date
              ? send({ id: item?.id, body: { name: name.trim(), date: date.format(DATE_FORMAT) } })
              : undefined
          }
          initialValues={item ? { name: item.name, date: dayjs(item.date) } : { name: '', date: start }}
        >
          <Form.Item
            name="name"
            label={t('holiday.field.name')}
            rules={[rules.zod(holidayRequestSchema.shape.name)]}
          >
            <Input autoFocus autoComplete="off" dir="auto" />
          </Form.Item>
          <Form.Item name="date" label={t('holiday.field.date')} rules={[rules.required('schedule.date')]}>
            <DatePicker format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </SaveDrawer>
  );
}
