import {
  ALLERGEN_CODES,
  CONDITION_CODES,
  findingLabel,
  type ClinicalFinding,
  type ClinicalIssue,
} from '@portal/domain';

/** A line printed beside a procedure in both PDFs (issue 26). */
export interface ClinicalMark {
  severity: 'absolute' | 'relative';
  text: string;
}

const FINDINGS = new Set<string>([...CONDITION_CODES, ...ALLERGEN_CODES]);

/**
 * Issues that name what the check found: a condition or allergy by its label, else the check's
 * own message. Warnings stored before migration 0019 (condition 'FICHA') are not marks: their
 * accepted PDFs must keep their bytes (docs/decisions/0015-reproducible-proposal-pdf.md).
 */
export function clinicalMarksFor(
  serviceId: number,
  issues: readonly ClinicalIssue[],
  overridden: ReadonlySet<string> = new Set(),
): ClinicalMark[] {
  return issues
    .filter((issue) => issue.service_id === serviceId && issue.condition !== 'FICHA')
    .map((issue) => {
      const named = FINDINGS.has(issue.condition)
        ? findingLabel(issue.condition as ClinicalFinding)
        : null;
      if (issue.code === 'unknown_traits') {
        return {
          severity: issue.severity,
          text: 'Sem dados clínicos cadastrados: confirmar na avaliação',
        };
      }
      if (issue.severity === 'absolute') {
        const kept = overridden.has(`${issue.service_id}:${issue.condition}`)
          ? ': mantido pelo profissional com justificativa registrada'
          : '';
        return {
          severity: 'absolute',
          text: `Contraindicado${named ? ` (${named})` : ''}${kept}`,
        };
      }
      return {
        severity: 'relative',
        text: `Atenção${named ? ` (${named})` : ''}: requer avaliação do profissional`,
      };
    });
}
