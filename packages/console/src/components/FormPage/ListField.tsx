import { Button, Empty, Form, Space } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmed } from '../ConfirmDialog';

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
   * One item's fields (names relative to the item: `[field.name, 'code']`); `controls` are the
   * item's move and remove buttons, placed by the page (beside the fields or in a card's head).
   */
  children(field: FormListFieldData, index: number, controls: ReactNode): ReactNode;
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
  children,
}: ListFieldProps<Item>) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => (
        <>
          {toolbar && <Space style={{ marginBottom: 8 }}>{toolbar}</Space>}
          {fields.length === 0 && empty && <Empty description={empty} />}
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
                {children(field, index, controls)}
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
