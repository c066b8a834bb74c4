import { describe, expect, it } from 'vitest';
import {
  SERVICE_BLOCKS,
  blockLimitsFor,
  computePackageTotals,
  packageCreateSchema,
  packageSaving,
  reaisToCentavos,
  type ServiceBlock,
} from '@portal/domain';
import { DEMO_PACKAGES, DEMO_SERVICES } from './demo-catalogue.ts';

/*
 * Issue 15: two demo packages could never beat the standalone total, so every proposal for them
 * told the client she lost money. Each demo package's typical full selection must save the
 * client 10–25 %, computed with the domain's formulas (DESIGN section 6).
 */

const serviceByName = new Map(DEMO_SERVICES.map((service) => [service.name, service]));

function serviceNamed(name: string) {
  const service = serviceByName.get(name);
  if (!service) throw new Error(`${name} is not a demo service`);
  return service;
}

describe.each(DEMO_PACKAGES.map((pkg) => [pkg.name, pkg] as const))('%s', (_name, pkg) => {
  // The package as the seed creates it (the create schema fills and checks its numbers).
  const {
    allowedNames: _allowed,
    restrictedNames: _restricted,
    typicalSelection: _typical,
    ...demo
  } = pkg;
  const created = packageCreateSchema.parse(demo);
  const sessions = pkg.typicalSelection.flatMap(([name, count]) =>
    Array.from({ length: count }, () => serviceNamed(name)),
  );

  it('its typical selection is a full selection the builder allows', () => {
    const limits: Record<ServiceBlock, number> = blockLimitsFor(created);
    for (const block of SERVICE_BLOCKS) {
      const inBlock = sessions.filter((service) => service.block === block).length;
      expect(inBlock, `block ${block}`).toBe(limits[block]);
    }
    for (const [name, count] of pkg.typicalSelection) {
      const service = serviceNamed(name);
      expect(service.status, name).toBeUndefined(); // active
      if (service.sessions > 0) expect(count, name).toBeLessThanOrEqual(service.sessions);
      if (pkg.allowedNames) expect(pkg.allowedNames).toContain(name);
      expect(pkg.restrictedNames ?? []).not.toContain(name);
    }
  });

  it('saves the client 10–25 % against the sessions bought one by one', () => {
    const totals = computePackageTotals(reaisToCentavos(created.annual_value), sessions);
    const saving = packageSaving(totals);
    expect(saving.kind).toBe('saving');
    if (saving.kind !== 'saving') return;
    expect(saving.percent).toBeGreaterThanOrEqual(10);
    expect(saving.percent).toBeLessThanOrEqual(25);
    // The package's stated discount is that saving.
    expect(created.discount_percent).toBe(Math.round(saving.percent));
  });
});
