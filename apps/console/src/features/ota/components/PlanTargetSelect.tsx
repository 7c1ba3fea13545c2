import type { SelectProps } from 'antd';
import { useState } from 'react';
import { SearchSelect } from '../../../components/SearchSelect';
import { leftToRight } from '../../../lib/bidi';
import { useTargetDevices, useTargetWorkspaces } from '../plans';

/** A chosen target: its id and the words it was chosen by (kept while the search moves on). */
export type Target = { value: number; label: string };

type Option = { value: number; label: string };
type Props = Omit<SelectProps<Target[]>, 'options' | 'mode' | 'labelInValue'>;

/** Several targets found by a keyword the server searches; the chosen ones keep their labels. */
function RemoteTargetSelect({
  useOptions,
  ...props
}: Props & { useOptions: (keyword: string) => { options: Option[]; loading: boolean } }) {
  const [keyword, setKeyword] = useState('');
  const { options, loading } = useOptions(keyword);
  return (
    <SearchSelect<Target[]>
      {...props}
      mode="multiple"
      labelInValue
      loading={loading}
      options={options}
      showSearch={{ filterOption: false, onSearch: (typed) => setKeyword(typed.trim()) }}
      onBlur={() => setKeyword('')}
    />
  );
}

const useDeviceOptions = (keyword: string) => {
  const devices = useTargetDevices(keyword);
  return {
    loading: devices.isFetching,
    options: (devices.data?.list ?? []).map((device) => ({
      value: device.device_id,
      label: `${device.device_name} · ${leftToRight(device.signage_id)}`,
    })),
  };
};

const useWorkspaceOptions = (keyword: string) => {
  const workspaces = useTargetWorkspaces(keyword);
  return {
    loading: workspaces.isFetching,
    options: (workspaces.data?.list ?? []).map((workspace) => ({
      value: workspace.id,
      label: `${workspace.name} · ${workspace.company_name}`,
    })),
  };
};

/** Screens the caller may see, by name or signage ID. */
export const DeviceTargetSelect = (props: Props) => (
  <RemoteTargetSelect {...props} useOptions={useDeviceOptions} />
);

/** Workspaces of every company, by their name or their company's. */
export const WorkspaceTargetSelect = (props: Props) => (
  <RemoteTargetSelect {...props} useOptions={useWorkspaceOptions} />
);
