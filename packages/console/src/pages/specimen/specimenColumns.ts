import type { TFunction } from 'i18next';
import { col } from '../../components/columns';
import type { DataColumn } from '../../components/DataTable';

/** What every specimen row of the library's pages carries. */
interface SpecimenFields {
  code: string;
  parentCode: string | null;
  projectNo: string;
  centerNo: string | null;
  subjectNo: string | null;
  visit: string | null;
  sampleTypeName: string | null;
  temperatureName: string | null;
}

/** The specimen's own columns, the same on every /specimen list (barcode, parent, project … condition). */
export function specimenColumns<T extends SpecimenFields>(t: TFunction<'librarySamples'>): DataColumn<T>[] {
  return [
    col.text<T>('code', t('shared.barcode'), 160),
    col.text<T>('parentCode', t('shared.parent'), 150),
    col.text<T>('projectNo', t('shared.project'), 130),
    col.text<T>('centerNo', t('shared.site'), 80),
    col.text<T>('subjectNo', t('shared.subject'), 110),
    col.text<T>('visit', t('shared.visit'), 100),
    col.text<T>('sampleTypeName', t('shared.sampleType'), 110),
    col.text<T>('temperatureName', t('shared.temperature'), 110),
  ];
}
