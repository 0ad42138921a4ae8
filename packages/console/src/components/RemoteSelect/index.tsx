import { Select, type SelectProps, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { type RemoteOptionsConfig, useRemoteOptions } from './useRemoteOptions';

export interface RemoteSelectProps<T extends Record<string, unknown>>
  extends Omit<SelectProps, 'options' | 'onSearch' | 'onPopupScroll' | 'filterOption' | 'showSearch'>,
    Omit<RemoteOptionsConfig<T>, 'value'> {
  labelField?: keyof T & string;
  /** Field of the option that disables it. */
  disabledField?: keyof T & string;
}

/**
 * Remote select (SPEC sections 2, 4 and 9), e.g. the project-number select: searches by
 * projectNo, shows projectNo, the value is id; "暂无搜索结果" when nothing matches.
 */
export function RemoteSelect<T extends Record<string, unknown>>({
  fetcher,
  searchField = 'projectNo',
  valueField = 'id' as keyof T & string,
  labelField = 'projectNo' as keyof T & string,
  disabledField,
  params,
  pageSize,
  chineseOnly,
  value,
  ...rest
}: RemoteSelectProps<T>) {
  const { t } = useTranslation();
  const remote = useRemoteOptions<T>({
    fetcher,
    searchField,
    valueField,
    params,
    pageSize,
    chineseOnly,
    value,
  });
  return (
    <Select
      {...rest}
      value={value}
      showSearch={{ filterOption: false, onSearch: remote.search }}
      onPopupScroll={remote.onPopupScroll}
      notFoundContent={remote.loading ? <Spin size="small" /> : t('components.empty')}
      options={remote.options.map((option) => ({
        value: option[valueField] as string | number,
        label: String(option[labelField] ?? ''),
        disabled: disabledField ? Boolean(option[disabledField]) : false,
      }))}
    />
  );
}
