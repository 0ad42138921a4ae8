// Columns that many lists share, one factory per kind of field: same title, width and rendering
// everywhere. A page spreads overrides (`{ ...col.projectNo(), width: 160 }`) where it differs.
import { t as translate } from '../../locales';
import type { fields } from '../../locales/zh-CN/fields';
import type { DataColumn } from '../DataTable';
import { dash, formatTime } from '../format';
import { StatusTag, type Worded } from '../StatusTag';

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
    width: 130,
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
    width = 110,
  ): DataColumn<T> => ({
    dataIndex: 'status',
    title: label('status'),
    width,
    render: (v: string) =>
      'words' in of ? <StatusTag workflow={of} status={v} /> : <StatusTag {...of} status={v} />,
  }),

  /** A server time in the user's zone, to the second. */
  time: <T extends object>(dataIndex: keyof T & string, title: string): DataColumn<T> => ({
    dataIndex,
    title,
    width: 170,
    render: (v: string | null) => formatTime(v),
  }),
};
