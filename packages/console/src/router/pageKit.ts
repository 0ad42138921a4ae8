/**
 * The page kit as one module: what nearly every page is built from (list page, table, form dialog,
 * selects, date pickers, workflow buttons, status tags, column factories, permission gates) and,
 * through them, antd's table, form, select and picker code. The shell loads it while idle even when the browser asks to save data
 * (page chunks are then not preloaded): whichever page the user opens first needs it, so it costs no
 * extra data, and that first click waits only for the page's own small chunk and its query.
 */
import { DatePicker, Form, Input, Modal, Select, Table } from 'antd';
import { Permission } from '../access/gates';
import { col } from '../components/columns';
import { DictSelect } from '../components/DictSelect';
import { FormModal } from '../components/FormModal';
import { ListPage } from '../components/ListPage';
import { ReasonModal } from '../components/ReasonModal';
import { RemoteSelect } from '../components/RemoteSelect';
import { StatusTag } from '../components/StatusTag';
import { WorkflowActions } from '../components/WorkflowActions';

export const PAGE_KIT: readonly unknown[] = [
  ListPage,
  col,
  Permission,
  FormModal,
  DictSelect,
  RemoteSelect,
  ReasonModal,
  StatusTag,
  WorkflowActions,
  Table,
  Form,
  Input,
  Select,
  DatePicker,
  Modal,
];
