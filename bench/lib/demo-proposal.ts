import { SERVICE_BLOCKS, visibleServices, type Package, type Service } from '@portal/domain';

/**
 * A proposal body on the demo catalogue: the first active package with room in two blocks, one
 * session of the first visible procedures of each block, within the package's limits.
 */
export function demoProposalChoice(
  packages: Package[],
  services: Service[],
): { pkg: Package; blocks: Record<string, number[]> } {
  const pkg = packages.find((p) => p.block_limits.a + p.block_limits.b > 1) ?? packages[0];
  if (!pkg) throw new Error('no demo package');
  const blocks = Object.fromEntries(
    SERVICE_BLOCKS.map((block) => {
      const limit = pkg.block_limits[block.toLowerCase() as 'a' | 'b' | 'c' | 'd'];
      return [
        block,
        visibleServices(services, pkg, block)
          .slice(0, limit)
          .map((s) => s.id),
      ];
    }),
  );
  return { pkg, blocks };
}
