import { EXPORT_FILE_NAME_MAX, IMPORT_HEADER_ROW_MAX, IMPORT_HEADER_ROW_MIN } from './constants.ts';
import type { TRANSFER_TEXTS } from './transfer-texts.ts';

/*
 * The en-US twin of TRANSFER_TEXTS (section 5's texts and the server's own messages of import, export and the three
 * lists), typed so a message added there without its English does not compile. Zod-free like transfer-texts.ts: the
 * web's English transfer texts (features/transfer/i18n.en-US.ts) spread it, and server-texts-en reads it for the
 * server's answers.
 */
export const TRANSFER_TEXTS_EN: { readonly [K in keyof typeof TRANSFER_TEXTS]: string } = {
  fileNameRequired: 'Please enter a file name',
  fileNameChars: 'Only dot and underscore are allowed as special characters',
  fileNameShort: 'The file name needs at least three characters',
  fieldRequired: 'Please choose at least one field to export',
  badFormat: 'The file format is not accepted, please upload again',
  badExtension: 'Only xls or xlsx files can be uploaded',
  tooLarge: 'The file may not be larger than 20 MB',
  oneFile: 'Only 1 file can be chosen; remove it before uploading another',
  fileRequired: 'Please upload a file',
  headerLineRequired: 'Please enter the header row',
  headerLineRange: `The header row must be a whole number from ${IMPORT_HEADER_ROW_MIN} to ${IMPORT_HEADER_ROW_MAX}`,
  ruleRequired: 'Please choose a duplicate rule',
  checkFieldsRequired: 'Please choose check fields',
  matchRequired: 'Please match all required system fields',
  fileNameLong: `The file name may not be longer than ${EXPORT_FILE_NAME_MAX} characters`,
  emptyFile: 'The file holds no data',
  noHeader: 'The header row is empty',
  zipBomb: 'The file is too large once unpacked, or malformed, and was refused',
  cellTooLong: 'A cell is too long',
  staleFormula:
    'A formula’s result is not saved in the file: open it in a spreadsheet program, save it again, then import it',
  jobNotFound: 'The task does not exist or has expired',
  jobInterrupted: 'The task was interrupted by a server restart; please run it again',
  importInterruptedKept:
    'The task was interrupted by a server restart. The rows imported before it are kept: import the file again with “Skip” to add the rest',
  jobFailed: 'The task failed; please run it again',
  noUpload: 'Please upload a file first',
  noDataSelected: 'Please choose the data to export',
  requiredMissing: 'A required field is empty',
  duplicateRow: 'Duplicate data',
  saveFailed: 'The data could not be saved',
  duplicateInFile: 'Repeats an earlier row of the file',
  unknownDept: 'The department does not exist',
  unknownDictValue: 'Not one of the allowed values',
  tooLong: 'Too long',
  noDept: 'The department does not exist or you may not change it',
  noDuty: 'The duty does not exist',
  noService: 'A linked service does not exist or is off the shelf; please choose again',
  deptCycle: 'A department’s parent cannot be itself or one of its sub-departments',
  importUnsupported: 'This data cannot be imported',
  adminOnly: 'Only administrators may import or export this data',
  badServiceUrl:
    'Service address: a web address starting with http:// or https://, or a path of this site starting with /',
  badServiceIcon:
    'Service icon: a web address starting with http:// or https://, or a path of this site starting with /',
  dutyNameRequired: 'Please enter the duty name',
  pageTitleRequired: 'Please enter the page title',
  sortRange: 'must be a whole number from 0 to 99999',
  servicesMissing: 'No such linked service',
  rolesMissing: 'No such visible role',
  yesOrNo: 'please fill in “Yes” or “No”',
};
