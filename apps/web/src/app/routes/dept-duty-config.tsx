import {
  DeptDutyConfigPage,
  type DutyTransferParts,
} from '../../features/three-lists/components/dept-duty-config-page.tsx';
import { datasetUrls } from '../../features/transfer/api/transfer-urls.ts';
import { DictSelect } from '../../features/transfer/components/dict-select.tsx';
import { ExportDialog } from '../../features/transfer/components/export-dialog.tsx';
import { ImportDialog } from '../../features/transfer/components/import-dialog.tsx';

const URLS = datasetUrls('deptDuty');

/** The duty-list import and export (transfer feature) as the duty configuration page (three-lists feature) uses them. */
const TRANSFER: DutyTransferParts = {
  dutyTypeSelect: (labelOf) => <DictSelect url="/transfer/dict/dutyType" allowClear labelOf={labelOf} />,
  exportDialog: (p) => <ExportDialog urls={URLS} {...p} />,
  importDialog: (p) => <ImportDialog urls={URLS} {...p} />,
};

/** /home/deptResponsibilityListConfig: the three lists' duty configuration with bulk import and export. */
export function DeptDutyConfigRoute() {
  return <DeptDutyConfigPage transfer={TRANSFER} />;
}
