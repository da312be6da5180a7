import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { exportReport, reportKeys, reportView, runReport } from './report-api';
import { ReportViewer } from './report-viewer';

/**
 * The report viewer (`/report/view/:reportConfigId/:tagsViewName?`, hidden from the menu): one report
 * with its parameters; the optional second segment names the tag and the heading.
 */
export default function ReportViewPage() {
  const { t } = useTranslation();
  const { reportConfigId = '', tagsViewName } = useParams();
  const valid = /^\d{1,19}$/.test(reportConfigId);
  const { data, isError, isLoading } = useQuery({
    queryKey: reportKeys.view(reportConfigId),
    queryFn: () => reportView(reportConfigId),
    enabled: valid,
  });
  if (!valid || isError) return <Result status="404" title={t('report.notFound')} />;
  if (isLoading || !data) return <Spin />;
  return (
    <ReportViewer
      key={data.id}
      report={data}
      title={tagsViewName || data.name}
      run={(values) => runReport(data.id, values)}
      onExport={(values) => exportReport(data.id, values)}
    />
  );
}
