import { Select, type SelectProps } from 'antd';
import { useDeviceModelList } from '../../device-model/api';

/** The catalogue's models at most one page holds (the contract's largest page). */
const MODELS = { page: 1, page_size: 200, sort: 'name,asc' } as const;

/** Chooses device models of the catalogue by name (a package's targets, the list's filter). */
export function ModelSelect(props: Omit<SelectProps<number | number[]>, 'options' | 'loading'>) {
  const models = useDeviceModelList(MODELS);
  return (
    <Select<number | number[]>
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      loading={models.isFetching}
      options={models.data?.list.map((model) => ({ value: model.id, label: model.name }))}
    />
  );
}
