import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-messages';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';

/**
 * A screen's CSV download button (Reports, State miles): "Exporting..." while the file comes, a
 * failure said in a toast; on a phone just its icon, so it sits beside Filters on the title's line.
 */
export function ExportCsvButton({ download, disabled, label = 'Export CSV' }: { download: () => Promise<void>; disabled: boolean; label?: string }) {
  const [exporting, setExporting] = useState(false);
  const mobile = useIsMobile();
  const run = async () => {
    setExporting(true);
    try {
      await download();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="outline" size={mobile ? 'icon' : 'default'} title={label} onClick={() => void run()} disabled={disabled || exporting}>
      <Download aria-hidden />
      <span className={cn(mobile && 'sr-only')}>{exporting ? 'Exporting...' : label}</span>
    </Button>
  );
}
