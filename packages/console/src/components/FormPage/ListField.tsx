import { Button, Empty, Form, type FormItemProps, Space, theme } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmed } from '../ConfirmDialog';

/**
 * One field of a list's rows as a column (`ListField`'s `columns`): its label shows once, in the
 * header row, and names each row's input for assistive technology (`<label> <row number>`).
 */
export interface ListColumnField<Item> {
  name: keyof Item & string;
  label: string;
  /** The input (an antd Input, Select…); it gets the row's `aria-label`. */
  input: ReactElement;
  rules?: FormItemProps['rules'];
  /** Fixed width in pixels; without, the column shares what is left (at least 120). */
  width?: number;
  /** A kept value not shown (a row's id). */
  hidden?: boolean;
  /** The header marks it required. */
  required?: boolean;
  /** The input's value prop and event reader when not `value`/`onChange` (`checked` of a Switch, an Upload's `fileList`). */
  valuePropName?: FormItemProps['valuePropName'];
  getValueFromEvent?: FormItemProps['getValueFromEvent'];
}

export interface ListFieldProps<Item> {
  /** The form list's name (or its path inside an outer list's item: `[visit.name, 'samples']`). */
  name: string | (string | number)[];
  /**
   * Test ids: each item `<testId>-<index>`, its buttons `<testId>-up-<index>`, `-down-`, `-remove-`,
   * the add button `<testId>-add`.
   */
  testId: string;
  /** The add button's text and the new item's starting values. */
  addLabel: string;
  newItem?(): Partial<Item>;
  removeLabel: string;
  /** Said when the list is empty (none: nothing shown). */
  empty?: string;
  /** Up and down buttons: the order on screen is the saved order. */
  movable?: boolean;
  /** Asked before removing an item (its fields are read with `form.getFieldValue`). */
  confirmRemove?(index: number): string;
  /** The add button as a full-width dashed bar (a list of cards) rather than a small one. */
  block?: boolean;
  /** Buttons above the items (import, export). */
  toolbar?: ReactNode;
  /**
   * The rows as a table of fields: a header row of labels and each item's inputs beneath them,
   * aligned, with its controls last. For items of more than one line use `children`.
   */
  columns?: readonly ListColumnField<Item>[];
  /**
   * One item's fields (names relative to the item: `[field.name, 'code']`); `controls` are the
   * item's move and remove buttons, placed by the page (beside the fields or in a card's head).
   */
  children?(field: FormListFieldData, index: number, controls: ReactNode): ReactNode;
}

/** The grid both the header row and each row of a `columns` list lay out. */
const gridOf = (columns: readonly { width?: number }[]) => ({
  display: 'grid',
  gap: '0 12px',
  alignItems: 'start',
  gridTemplateColumns: `${columns.map((c) => (c.width ? `${c.width}px` : 'minmax(120px, 1fr)')).join(' ')} max-content`,
});

/** The header row: each column's label (a required one marked as the form marks it). */
function HeaderRow({ columns }: { columns: readonly ListColumnField<unknown>[] }) {
  const { token } = theme.useToken();
  return (
    <div style={{ ...gridOf(columns), marginBottom: 4, color: token.colorTextSecondary }} aria-hidden>
      {columns.map((column) => (
        <div key={column.name}>
          {column.required && <span style={{ color: token.colorError, marginInlineEnd: 4 }}>*</span>}
          {column.label}
        </div>
      ))}
      <div />
    </div>
  );
}

/** One row of a `columns` list: its fields under the header's labels, its controls last. */
function FieldsRow<Item>({
  columns,
  field,
  index,
  controls,
}: {
  columns: readonly ListColumnField<Item>[];
  field: FormListFieldData;
  index: number;
  controls: ReactNode;
}) {
  const shown = columns.filter((column) => !column.hidden);
  return (
    <div style={gridOf(shown)}>
      {columns.map((column) => (
        <Form.Item
          key={column.name}
          name={[field.name, column.name]}
          rules={column.rules}
          hidden={column.hidden}
          valuePropName={column.valuePropName}
          getValueFromEvent={column.getValueFromEvent}
        >
          {isValidElement(column.input)
            ? cloneElement(column.input as ReactElement<{ 'aria-label'?: string }>, {
                'aria-label': `${column.label} ${index + 1}`,
              })
            : column.input}
        </Form.Item>
      ))}
      {controls}
    </div>
  );
}

/**
 * A repeated part of a form (a plan's visits, a project's sites): add, remove (asked first when
 * `confirmRemove`), move up and down, and an empty state.
 */
export function ListField<Item>({
  name,
  testId,
  addLabel,
  newItem,
  removeLabel,
  empty,
  movable = false,
  confirmRemove,
  block = false,
  toolbar,
  columns,
  children,
}: ListFieldProps<Item>) {
  const { t } = useTranslation();
  const shownColumns = columns?.filter((column) => !column.hidden);
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => (
        <>
          {toolbar && <Space style={{ marginBottom: 8 }}>{toolbar}</Space>}
          {fields.length === 0 && empty && <Empty description={empty} />}
          {fields.length > 0 && shownColumns && (
            <HeaderRow columns={shownColumns as readonly ListColumnField<unknown>[]} />
          )}
          {fields.map((field, index) => {
            const drop = async () => {
              const question = confirmRemove?.(index);
              if (question === undefined || (await confirmed({ content: question }))) remove(field.name);
            };
            const controls = (
              <Space>
                {movable && (
                  <>
                    <Button
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      data-testid={`${testId}-up-${index}`}
                    >
                      {t('components.moveUp')}
                    </Button>
                    <Button
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                      data-testid={`${testId}-down-${index}`}
                    >
                      {t('components.moveDown')}
                    </Button>
                  </>
                )}
                <Button
                  type={movable ? 'default' : 'link'}
                  danger
                  onClick={() => void drop()}
                  data-testid={`${testId}-remove-${index}`}
                >
                  {removeLabel}
                </Button>
              </Space>
            );
            return (
              <div key={field.key} data-testid={`${testId}-${index}`}>
                {columns ? (
                  <FieldsRow columns={columns} field={field} index={index} controls={controls} />
                ) : (
                  children?.(field, index, controls)
                )}
              </div>
            );
          })}
          <Button type="dashed" block={block} onClick={() => add(newItem?.())} data-testid={`${testId}-add`}>
            {addLabel}
          </Button>
        </>
      )}
    </Form.List>
  );
}
