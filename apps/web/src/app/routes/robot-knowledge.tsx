import { RobotKnowledgePage } from '../../features/assistant/components/robot-knowledge-page.tsx';
import { datasetUrls } from '../../features/transfer/api/transfer-urls.ts';
import { ImportDialog } from '../../features/transfer/components/import-dialog.tsx';

/**
 * /home/robotKnowledgeConfig: the robot's knowledge page with the import of 2.7 for its data set (robotFaq):
 * template, field matching, the rule for existing questions, progress and failed rows.
 */
export function RobotKnowledgeRoute() {
  return (
    <RobotKnowledgePage
      importDialog={({ onClose, onDone }) => (
        <ImportDialog urls={datasetUrls('robotFaq')} onClose={onClose} onDone={onDone} />
      )}
    />
  );
}
