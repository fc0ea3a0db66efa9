import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { PAPER_SIZES } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { clientMessages } from '../client.messages.ts';
import { downloadFile } from '../lib/download.ts';
import { errorText } from './FormError.tsx';
import { showError } from './toast.ts';

/** Export PDF: a menu of paper sizes; the server makes the file (org chart, vision board). */
export const PdfExportMenu = ({
  path,
  fileName,
}: {
  /** The export's path under API_ROOT for a paper size. */
  path: (paper: (typeof PAPER_SIZES)[number]) => string;
  fileName: string;
}) => {
  const [exporting, setExporting] = useState(false);
  const exportPdf = async (paper: (typeof PAPER_SIZES)[number]) => {
    setExporting(true);
    try {
      await downloadFile(path(paper), fileName, messages.exportFailed);
    } catch (error) {
      showError(errorText(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting}>
          {clientMessages.exportPdf}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PAPER_SIZES.map((paper) => (
          <Menu.Item key={paper} onClick={() => void exportPdf(paper)}>
            {paper === 'A4' ? 'A4' : 'Letter'}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
