import './zod-setup.ts';
import { z } from 'zod';
import {
  EXPORT_FILE_NAME_MAX,
  EXPORT_FILE_NAME_MIN,
  IMPORT_HEADER_ROW_MAX,
  IMPORT_HEADER_ROW_MIN,
} from './constants.ts';
import { pageOf, PageRequest } from './envelope.ts';
import { TRANSFER_TEXTS } from './transfer-texts.ts';

/**
 * Three lists (7.6 threeInventory, tripleList), department duty lists (7.7) and the bulk import and export
 * jobs (7.10) with the validation rules of section 5.
 */

/** Texts of section 5 (verbatim) and the server's own messages of this capability, in a zod-free module. */
export { TRANSFER_TEXTS };

/** File name of an export: 3 to 30 characters of Chinese, letters, digits, dot and underscore (section 5). */
export const EXPORT_FILE_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9._]+$/;

export const ExportFileName = z
  .string({ error: TRANSFER_TEXTS.fileNameRequired })
  .trim()
  .min(1, TRANSFER_TEXTS.fileNameRequired)
  .regex(EXPORT_FILE_NAME_PATTERN, TRANSFER_TEXTS.fileNameChars)
  .min(EXPORT_FILE_NAME_MIN, TRANSFER_TEXTS.fileNameShort)
  .max(EXPORT_FILE_NAME_MAX, TRANSFER_TEXTS.fileNameLong);

/** Validates an export file name as the dialog does; null when it is fine, else the message of section 5. */
export function exportFileNameError(name: string | undefined | null): string | null {
  const r = ExportFileName.safeParse(name ?? '');
  return r.success ? null : (r.error.issues[0]?.message ?? TRANSFER_TEXTS.fileNameRequired);
}

/** Data scope of an export (2.6): all = 1, current search result = 2, ticked rows = 3. */
export const DATA_RANGE_ALL = 1;
export const DATA_RANGE_SEARCH = 2;
export const DATA_RANGE_CHOSEN = 3;
export const DataRange = z.coerce.number().int().min(1).max(3);

/** Duplicate rule of an import (ruleNum): skip the row, update the existing record, or report it as failed. */
export const RULE_SKIP = 1;
export const RULE_UPDATE = 2;
export const RULE_FAIL = 3;

export const HeaderLine = z.coerce
  .number({ error: TRANSFER_TEXTS.headerLineRequired })
  .int(TRANSFER_TEXTS.headerLineRange)
  .min(IMPORT_HEADER_ROW_MIN, TRANSFER_TEXTS.headerLineRange)
  .max(IMPORT_HEADER_ROW_MAX, TRANSFER_TEXTS.headerLineRange);

const Id = z.string().trim().min(1).max(64);
const Search = z.record(z.string(), z.unknown()).nullish();

// ---------------------------------------------------------------- 7.7 department duty lists

export const DutyService = z.object({ serviceId: z.string(), serviceName: z.string() });
export type DutyService = z.infer<typeof DutyService>;

export const Duty = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string(),
  dutyName: z.string(),
  dutyType: z.string(),
  dutyContent: z.string(),
  sort: z.number().int(),
  services: z.array(DutyService),
  updateTime: z.string(),
});
export type Duty = z.infer<typeof Duty>;

export const DutyPageRequest = PageRequest.extend({
  deptId: z.string().max(64).nullish(),
  dutyName: z.string().max(100).nullish(),
  tenantId: z.string().optional(),
});
export type DutyPageRequest = z.infer<typeof DutyPageRequest>;
export const DutyPage = pageOf(Duty);

/** Limits of a duty, shared by the form, the API and the import (7.6 duty configuration). */
export const DUTY_NAME_MAX = 100;
export const DUTY_TYPE_MAX = 32;
export const DUTY_CONTENT_MAX = 4000;
export const DUTY_SORT_MAX = 99_999;

export const DutySaveRequest = z.object({
  deptId: Id,
  dutyName: z
    .string({ error: TRANSFER_TEXTS.dutyNameRequired })
    .trim()
    .min(1, TRANSFER_TEXTS.dutyNameRequired)
    .max(DUTY_NAME_MAX),
  dutyType: z.string().trim().max(DUTY_TYPE_MAX).default(''),
  dutyContent: z.string().max(DUTY_CONTENT_MAX).default(''),
  sort: z.coerce.number().int().min(0).max(DUTY_SORT_MAX).default(0),
  serviceIds: z.array(Id).max(200).default([]),
});
export type DutySaveRequest = z.infer<typeof DutySaveRequest>;
export const DutyUpdateRequest = DutySaveRequest.extend({ id: Id });
export type DutyUpdateRequest = z.infer<typeof DutyUpdateRequest>;
/** ids: comma-joined, in the BladeX manner. */
export const RemoveRequest = z.object({ ids: z.string().trim().min(1).max(4000) });

/** Recursive, so registered by id: the OpenAPI document lists it once under components.schemas and refers to it. */
export const DeptNode: z.ZodType<DeptNodeT> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      parentId: z.string(),
      title: z.string(),
      dutyNum: z.number().int(),
      children: z.array(DeptNode),
    }),
  )
  .meta({ id: 'DeptNode' });
export type DeptNodeT = { id: string; parentId: string; title: string; dutyNum: number; children: DeptNodeT[] };

export const DeptInfo = z.object({
  id: z.string(),
  parentId: z.string(),
  deptName: z.string(),
  responsibility: z.string(),
  phone: z.string(),
  address: z.string(),
  dutyNum: z.number().int(),
});
export type DeptInfo = z.infer<typeof DeptInfo>;
export const DeptPageRequest = PageRequest.extend({ deptName: z.string().max(100).nullish() });
export const DeptPage = pageOf(DeptInfo);
export const DeptUpdateRequest = z.object({
  id: Id,
  responsibility: z.string().max(4000).optional(),
  phone: z.string().max(64).optional(),
  address: z.string().max(200).optional(),
});

export const ServiceInfo = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  deptId: z.string(),
  deptName: z.string(),
});
export type ServiceInfo = z.infer<typeof ServiceInfo>;
export const ServiceInfoRequest = PageRequest.extend({
  serviceName: z.string().max(100).nullish(),
  deptId: z.string().max(64).nullish(),
});
export const ServiceInfoPage = pageOf(ServiceInfo);

export const DeptIdRequest = z.object({ deptId: Id, tenantId: z.string().optional() });
export const DutyIdRequest = z.object({ dutyId: Id, tenantId: z.string().optional() });
export const DutyAndService = z.object({ dept: DeptInfo, duties: z.array(Duty) });
export const SchoolInfo = z.object({ tenantId: z.string(), schoolName: z.string() });
export const TenantRequest = z.object({ tenantId: z.string().optional() }).nullish();

// ---------------------------------------------------------------- 7.6 three lists

/** Limits of the three-lists page configuration, shared by the form and the API. */
export const THREE_LISTS_TITLE_MAX = 50;
export const THREE_LISTS_INTRODUCTION_MAX = 1000;

export const ThreeListConfig = z.object({
  pageTitle: z
    .string({ error: TRANSFER_TEXTS.pageTitleRequired })
    .trim()
    .min(1, TRANSFER_TEXTS.pageTitleRequired)
    .max(THREE_LISTS_TITLE_MAX),
  introduction: z.string().max(THREE_LISTS_INTRODUCTION_MAX),
  showServices: z.boolean(),
  dutyTypeMust: z.boolean(),
  /** ADR 0074: the title and introduction in English (optional; '' none — the page in English shows the Chinese). */
  pageTitleEn: z.string().trim().max(THREE_LISTS_TITLE_MAX).optional(),
  introductionEn: z.string().max(THREE_LISTS_INTRODUCTION_MAX).optional(),
});
export type ThreeListConfig = z.infer<typeof ThreeListConfig>;
export const ThreeInventoryPageRequest = PageRequest.extend({
  deptId: z.string().max(64).nullish(),
  keyword: z.string().max(100).nullish(),
  tenantId: z.string().optional(),
});

// ---------------------------------------------------------------- 7.10 import and export jobs

/** A system field of a data set, as the export checklist and the field matching show it. */
export const TransferField = z.object({
  id: z.string(),
  field: z.string(),
  required: z.boolean(),
  dictCode: z.string().nullable(),
  /** May serve as a check field for duplicates (errorRegx). */
  checkable: z.boolean(),
});
export type TransferField = z.infer<typeof TransferField>;

export const ExportCountRequest = z.object({
  tenantId: z.string().optional(),
  dataRange: DataRange.default(DATA_RANGE_ALL),
  formInline: Search,
  advancedSearch: Search,
  choiceDataIds: z.union([z.array(Id), z.string()]).nullish(),
});
export type ExportCountRequest = z.infer<typeof ExportCountRequest>;

export const ExportStartRequest = z.object({
  tenantId: z.string().optional(),
  id: z.string().optional(),
  fileName: ExportFileName,
  dataRange: DataRange,
  /** Comma-joined id:field pairs. */
  exportField: z.string({ error: TRANSFER_TEXTS.fieldRequired }).trim().min(1, TRANSFER_TEXTS.fieldRequired).max(4000),
  choiceDataIds: z.union([z.array(Id).max(10_000), z.string().max(700_000)]).nullish(),
  choiceDataList: z.array(z.record(z.string(), z.unknown())).max(10_000).nullish(),
  advancedSearch: Search,
  formInline: Search,
  type: z.string().max(32).nullish(),
});
export type ExportStartRequest = z.infer<typeof ExportStartRequest>;

export const JobKeyResult = z.object({ redisKey: z.string() });
export const ProgressRequest = z.object({
  tenantId: z.string().optional(),
  key: z.string().min(1).max(128),
  id: z.string().optional(),
});

/** Import and export result of section 3 (result.url for a finished export). */
export const JobProgress = z.object({
  redisKey: z.string(),
  finishRate: z.number(),
  finished: z.boolean(),
  newInsertNum: z.number().int(),
  updateNum: z.number().int(),
  jumpNum: z.number().int(),
  failNum: z.number().int(),
  totalNum: z.number().int(),
  finishNum: z.number().int(),
  useTimeStr: z.string(),
  tryMathRemainTime: z.string(),
  errorKey: z.string().nullable(),
  errorMsg: z.string().nullable(),
  status: z.enum(['running', 'finished', 'failed']),
  /** Rows of an import that went through: added, updated or skipped as duplicates (section 3 counts them apart). */
  successNum: z.number().int(),
  /**
   * How the job came out, for the dialog's title and icon: every row went through, some rows failed
   * (`partial`), nothing went through or the job itself failed (`failed`), or it still runs.
   */
  outcome: z.enum(['running', 'succeeded', 'partial', 'failed']),
  result: z.object({ url: z.string() }).nullable(),
});
export type JobProgress = z.infer<typeof JobProgress>;

export const UploadResult = z.object({ fileKey: z.string(), fileName: z.string(), size: z.number().int() });

export const MatchFieldRequest = z.object({
  tenantId: z.string().optional(),
  id: z.string().optional(),
  fileKey: z.string().max(64).optional(),
  headerLine: HeaderLine.default(1),
});
/** Field matching result of section 3: the suggested matches, the system fields, the spreadsheet's header cells. */
export const MatchField = z.object({ excelField: z.string(), dbField: z.string() });
export type MatchField = z.infer<typeof MatchField>;
export const MatchFieldResult = z.object({
  matchFieldList: z.array(MatchField),
  dbFieldList: z.array(TransferField),
  excelField: z.array(z.string()),
});
export type MatchFieldResult = z.infer<typeof MatchFieldResult>;

export const ImportStartRequest = z.object({
  tenantId: z.string().optional(),
  id: z.string().optional(),
  fileKey: z.string().max(64).optional(),
  headerLine: HeaderLine,
  ruleNum: z.coerce
    .number({ error: TRANSFER_TEXTS.ruleRequired })
    .int()
    .min(1, TRANSFER_TEXTS.ruleRequired)
    .max(3, TRANSFER_TEXTS.ruleRequired),
  /** Check fields (comma-joined system field ids) that decide whether a row duplicates a record. */
  errorRegx: z
    .string({ error: TRANSFER_TEXTS.checkFieldsRequired })
    .trim()
    .min(1, TRANSFER_TEXTS.checkFieldsRequired)
    .max(1000),
  /** The field matching: a list (or its JSON) of { excelField, dbField }. */
  matrixType: z.union([z.array(MatchField).max(200), z.string().max(20_000)]),
});
export type ImportStartRequest = z.infer<typeof ImportStartRequest>;

export const ErrorDownloadRequest = z.object({
  tenantId: z.string().optional(),
  errorKey: z.string().min(1).max(128),
  id: z.string().optional(),
});

export const DictOption = z.object({ dictKey: z.string(), dictValue: z.string() });
export type DictOption = z.infer<typeof DictOption>;
export const DictQuery = z.object({ tenantId: z.string().optional(), search: z.string().max(100).optional() });
/** The POST variant's body may be empty or null; the GET variant's query string is always an object. */
export const DictRequest = DictQuery.nullish();

/** The data sets import and export are wired for; the path segment of their URLs. */
export const TRANSFER_DATASETS = ['deptDuty', 'dept', 'service', 'robotFaq'] as const;
export type TransferDataset = (typeof TRANSFER_DATASETS)[number];

/** A service of the catalogue data page (serviceHallConfig), as the administrator's list shows it. */
export const CatalogueService = z.object({
  id: z.string(),
  serviceName: z.string(),
  deptName: z.string(),
  sceneName: z.string(),
  typeName: z.string(),
  /** The code (APPLICATION, PROCESS), which the interface names in its language; the spreadsheet has the label. */
  businessType: z.string(),
  /** 1 listed (上架), 0 unlisted (下架). */
  status: z.number().int(),
  visitCount: z.number().int(),
});
export type CatalogueService = z.infer<typeof CatalogueService>;
export const CataloguePageRequest = PageRequest.extend({
  tenantId: z.string().optional(),
  serviceName: z.string().max(100).nullish(),
  deptId: z.string().max(64).nullish(),
});
export type CataloguePageRequest = z.infer<typeof CataloguePageRequest>;
export const CataloguePage = pageOf(CatalogueService);
export type CataloguePage = z.infer<typeof CataloguePage>;

/** The path of a data set's call under the workbench group, e.g. transferUrl('deptDuty', 'export'). */
export const transferUrl = (dataset: string, call: string) => `/transfer/${dataset}/${call}`;
