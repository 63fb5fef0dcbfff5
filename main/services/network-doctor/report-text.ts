import type { NetworkDetailValue, NetworkReport } from '../../../preload/contract';
import { scrubTokens } from '../diagnostics';
import type { MessageKey, Translator } from '../i18n';
import { redact } from '../log';

const detailText = (value: NetworkDetailValue): string =>
  Array.isArray(value) ? value.join('; ') : String(value as string | number | boolean);

/**
 * The report as plain text, in the page's language, for "Copy report" and Copy diagnostics. Details are
 * facts (addresses, times, certificate names); it still goes through the log's redaction and the
 * diagnostics' last pass, because it is pasted into messages outside the school.
 */
export function networkReportText(report: NetworkReport, t: Translator): string {
  const say = (key: string, params?: Record<string, string | number>) => t(key as MessageKey, params ?? {});
  const lines = [
    `## ${say('networkDoctor.report.title')}`,
    say('networkDoctor.report.service', { host: report.serviceHost }),
    say('networkDoctor.report.when', { started: report.startedAt, finished: report.finishedAt }),
  ];
  for (const step of report.steps) {
    lines.push(
      `- [${say(`networkDoctor.status.${step.status}`)}] ${say(`networkDoctor.steps.${step.id}`)}: ` +
        say(step.summary.key, step.summary.params),
    );
    if (step.advice) lines.push(`  ${say('networkDoctor.report.advice')}: ${say(step.advice.key, step.advice.params)}`);
    for (const [name, value] of Object.entries(step.details)) lines.push(`  ${name}: ${detailText(value)}`);
  }
  return scrubTokens(redact(`${lines.join('\n')}\n`) as string);
}
