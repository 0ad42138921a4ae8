// Columns that many lists share, one factory per kind of field: same title, width and rendering
// everywhere. A page spreads overrides (`{ ...col.projectNo(), width: 160 }`) where it differs.
import type { LocalNames } from '@trialab/api-contract/signing';
import { Select, Tag } from 'antd';
import { TABLE_SIZES } from '../../config';
import { t as translate } from '../../locales';
import type { fields } from '../../locales/zh-CN/fields';
import type { DataColumn } from '../DataTable';
import { DictText } from '../DictSelect';
import { EnabledSwitch, type EnabledSwitchProps } from '../EnabledSwitch';
import { dash, formatTime } from '../format';
import type { ListColumn } from '../ListPage/filters';
import { wordLabel } from '../libraryWords';
import { nameOf, textOf } from '../localName';
import { Occupancy } from '../Occupancy';
import { StatusTag, stateText, type Worded } from '../StatusTag';

type Field<K extends string, V = unknown> = { [P in K]: V };
type Label = keyof typeof fields;

const label = (key: Label) => translate(`fields.${key}`);

/** A plain text column (empty values as the placeholder). */
function text<T extends object>(dataIndex: keyof T & string, title: string, width?: number): DataColumn<T> {
  return {
    dataIndex,
    title,
    width,
    render: (v: string | number | null | undefined) => dash(v ?? null),
  };
}

export const col = {
  text,

  /** A shared field by its label key (`fields.<key>`), e.g. `col.field<Row>('subjectNo', 130)`. */
  field: <T extends object>(key: keyof T & Label, width?: number) => text<T>(key, label(key), width),

  projectNo: <T extends Field<'projectNo', string>>(): DataColumn<T> => ({
    dataIndex: 'projectNo',
    title: label('projectNo'),
    width: TABLE_SIZES.kind.code,
  }),

  /** "S01 Peking Union" from the row's site number and name. */
  site: <T extends Field<'siteNo' | 'siteName', string | null>>(
    title: string = label('siteName'),
  ): DataColumn<T> => ({
    dataIndex: 'siteName',
    title,
    render: (_: unknown, row: T) => (row.siteName ? `${row.siteNo ?? ''} ${row.siteName}`.trim() : '-'),
  }),

  /**
   * A workflow state as its coloured tag, in the workflow's words; a status of no workflow names its
   * locale group (`{ group, ns }`, as in StatusTag).
   */
  status: <T extends Field<'status', string>>(
    of: Worded | { group: string; ns: string },
    width: number = TABLE_SIZES.kind.status,
  ): DataColumn<T> => ({
    dataIndex: 'status',
    title: label('status'),
    width,
    render: (v: string) =>
      'words' in of ? <StatusTag workflow={of} status={v} /> : <StatusTag {...of} status={v} />,
  }),

  /**
   * `status` with its filter: the workflow's states in a single select (a queue opened on one state
   * shows it there). Build it while rendering: the states' words follow the language.
   */
  statusFilter: <T extends Field<'status', string>>(
    workflow: Worded & { states: readonly string[] },
    width: number = TABLE_SIZES.kind.status,
  ): ListColumn<T> => ({
    ...col.status<T>(workflow, width),
    filter: {
      name: 'status',
      input: (
        <Select
          allowClear
          style={{ width: 190 }}
          options={workflow.states.map((s) => ({ value: s, label: stateText(workflow, s) }))}
        />
      ),
    },
  }),

  /**
   * A record's enabled state (`status` 1/0 or a boolean): a tag, or with `change` the switch behind
   * a confirmation for those with its permission (`EnabledSwitch`). `filter: true` adds the
   * enabled/disabled select to the list's filter form (values 1 and 0 for `status`, true and false
   * for a boolean `enabled`).
   */
  enabled: <T extends object>(
    options: {
      dataIndex?: keyof T & string;
      title?: string;
      testId?(row: T): string;
      filter?: boolean;
      change?: Omit<EnabledSwitchProps, 'enabled' | 'name' | 'testId' | 'onChange'> & {
        name(row: T): string;
        onChange(row: T, enabled: boolean): Promise<unknown>;
      };
    } = {},
  ): ListColumn<T> => {
    const dataIndex = options.dataIndex ?? 'status';
    const [on, off] = dataIndex === 'enabled' ? [true, false] : [1, 0];
    const title = options.title ?? label('status');
    return {
      dataIndex,
      title,
      width: options.change ? 100 : 90,
      render: (v: unknown, row: T) => {
        const enabled = v === 1 || v === true;
        const { change } = options;
        if (change)
          return (
            <EnabledSwitch
              enabled={enabled}
              name={change.name(row)}
              permission={change.permission}
              disableHint={change.disableHint}
              testId={options.testId?.(row)}
              onChange={(next) => change.onChange(row, next)}
            />
          );
        return (
          <Tag color={enabled ? 'success' : 'default'} data-testid={options.testId?.(row)}>
            {translate(enabled ? 'toggle.enabled' : 'toggle.disabled')}
          </Tag>
        );
      },
      filter: options.filter
        ? {
            input: (
              <Select
                allowClear
                style={{ width: 110 }}
                options={[
                  { value: on, label: translate('toggle.enabled') },
                  { value: off, label: translate('toggle.disabled') },
                ]}
              />
            ),
          }
        : undefined,
    };
  },

  /** A record's name in the user's language (its `name`, `enName`, `hkName`: `nameOf`). */
  localName: <T extends LocalNames>(title: string, width?: number): DataColumn<T> => ({
    dataIndex: 'name',
    title,
    width,
    render: (_: unknown, row: T) => nameOf(row),
  }),

  /** A free-text field with an English text beside it (`textOf`), e.g. a consumable's unit and `enUnit`. */
  localText: <T extends object>(
    dataIndex: keyof T & string,
    enIndex: keyof T & string,
    title: string,
    width?: number,
  ): DataColumn<T> => ({
    dataIndex,
    title,
    width,
    render: (_: unknown, row: T) =>
      dash(textOf(row[dataIndex] as string | null | undefined, row[enIndex] as string | null | undefined)),
  }),

  /** A dictionary value as its label in the user's language (`DictText`). */
  dict: <T extends object>(
    dataIndex: keyof T & string,
    title: string,
    dictNo: number,
    width?: number,
  ): DataColumn<T> => ({
    dataIndex,
    title,
    width,
    render: (v: string | null | undefined) => <DictText dictNo={dictNo} value={v ?? null} />,
  }),

  /** A list of names (roles, sites, …) as tags; an empty list shows `-`. */
  tags: <T extends object>(dataIndex: keyof T & string, title: string, width?: number): DataColumn<T> => ({
    dataIndex,
    title,
    width,
    render: (names: readonly string[] | null | undefined) =>
      names && names.length > 0 ? names.map((name) => <Tag key={name}>{name}</Tag>) : '-',
  }),

  /**
   * A coded value of the specimen library in the contract's words (`wordLabel`): plain text, or a
   * tag when `colors` gives the value's colour (the words are on it: never colour alone).
   */
  words: <T extends object>(
    dataIndex: keyof T & string,
    title: string,
    table: Parameters<typeof wordLabel>[0],
    options: { width?: number; colors?: Readonly<Record<string, string>> } = {},
  ): DataColumn<T> => ({
    dataIndex,
    title,
    width: options.width,
    render: (v: string | null | undefined) => {
      if (!v) return '-';
      const word = wordLabel(table, v);
      return options.colors ? (
        <Tag color={options.colors[v] ?? 'default'} data-testid={`${dataIndex}-${v}`}>
          {word}
        </Tag>
      ) : (
        word
      );
    },
  }),

  /** Occupancy "used / capacity · n%" with a bar (`Occupancy`), from the row's `stored` and `capacity`. */
  occupancy: <T extends Field<'stored', number> & Field<'capacity', number | null>>(
    title: string,
    width = 170,
  ): DataColumn<T> => ({
    dataIndex: 'stored',
    title,
    width,
    render: (_: unknown, row: T) => <Occupancy stored={row.stored} capacity={row.capacity} />,
  }),

  /** A server time in the user's zone, to the second. */
  time: <T extends object>(dataIndex: keyof T & string, title: string): DataColumn<T> => ({
    dataIndex,
    title,
    width: TABLE_SIZES.kind.time,
    render: (v: string | null) => formatTime(v),
  }),
};
