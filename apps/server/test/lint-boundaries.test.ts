import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The house rules eslint.config.js enforces (ADR 0029, docs/adr/0029-import-rules-lint.md): each probe is a file
 * that breaks one rule, linted as if it sat where it names; a file that keeps the rules passes.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('import rules enforced by lint', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  async function rulesBroken(path: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${path}` });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  }

  it('a module imports only the modules the map allows: orders never reach payments', async () => {
    const broken = await rulesBroken('apps/server/src/modules/orders/zz-probe.ts', "import { SettlementService } from '../payments/settlement.ts';\nexport const probe = SettlementService;\n");
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*modules\/orders may import only catalog, channels, games/)]);
    expect(await rulesBroken('apps/server/src/modules/orders/zz-probe.ts', "import { onSaleNow } from '../catalog/catalog.service.ts';\nexport const probe = onSaleNow;\n")).toEqual([]);
  });

  it('payments never import the shop', async () => {
    const broken = await rulesBroken('apps/server/src/modules/payments/zz-probe.ts', "import { ShopOrdersService } from '../shop/shop-orders.service.ts';\nexport const probe = ShopOrdersService;\n");
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*modules\/payments may import only/)]);
  });

  it('domain code does not import the HTTP layer; route files may', async () => {
    const code = "import { registerRoute } from '../../http/route.ts';\nexport const probe = registerRoute;\n";
    expect(await rulesBroken('apps/server/src/modules/orders/zz-probe.ts', code)).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Domain code throws domain errors/)]);
    expect(await rulesBroken('apps/server/src/modules/orders/zz-probe.routes.ts', code)).toEqual([]);
  });

  it('handler files are the HTTP layer too: they may import http/, and never query the database', async () => {
    const code = "import { defineHandler } from '../../../http/handler.ts';\nexport const probe = defineHandler;\n";
    expect(await rulesBroken('apps/server/src/modules/orders/handlers/zz-probe.handler.ts', code)).toEqual([]);
    const query = "import { orders } from '../../../db/schema.ts';\nexport const probe = orders;\n";
    expect(await rulesBroken('apps/server/src/modules/orders/handlers/zz-probe.handler.ts', query)).toEqual([expect.stringMatching(/^no-restricted-imports: .*Route files do not query the database/)]);
  });

  it('ops never imports console: both are doors onto the order actions in payments', async () => {
    const broken = await rulesBroken('apps/server/src/modules/ops/zz-probe.ts', "import { searchOrders } from '../console/orders/order-search.ts';\nexport const probe = searchOrders;\n");
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*modules\/ops may import only/)]);
  });

  it('route files do not query the database themselves', async () => {
    const broken = await rulesBroken('apps/server/src/modules/orders/zz-probe.routes.ts', "import { orders } from '../../db/schema.ts';\nexport const probe = orders;\n");
    expect(broken).toEqual([expect.stringMatching(/^no-restricted-imports: .*Route files do not query the database/)]);
  });

  it('only the wiring imports the sandbox', async () => {
    const code = "import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';\nexport const probe = SANDBOX_CREDENTIALS;\n";
    expect(await rulesBroken('apps/server/src/config-probe.ts', code)).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only the wiring/)]);
    expect(await rulesBroken('apps/server/src/load-config.ts', code)).toEqual([]);
  });

  it('shared code imports no module', async () => {
    const broken = await rulesBroken('apps/server/src/shared/zz-probe.ts', "import { OrderPlacement } from '../modules/orders/order-placement.ts';\nexport const probe = OrderPlacement;\n");
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*shared\/, db\/, i18n\/ and jobs\/ are below every module/)]);
  });

  it('a web feature never imports another feature', async () => {
    const broken = await rulesBroken('apps/web/src/features/voucher/zz-probe.ts', "import { AccountChip } from '../shop/components/AccountChip';\nexport const probe = AccountChip;\n");
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature imports shared\/ and @shop\/contract, never another feature/)]);
  });

  it("the contract's route tables import zod and schema files only as types", async () => {
    const value = "import { z } from 'zod';\nexport const probe = z.string();\n";
    expect(await rulesBroken('packages/contract/src/catalog.ts', value)).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*A route table imports zod only as types/)]);
    const schema = "import { VoucherGoods } from './catalog.schema.ts';\nexport const probe = VoucherGoods;\n";
    expect(await rulesBroken('packages/contract/src/catalog.ts', schema)).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*schema files only as types/)]);
    expect(await rulesBroken('packages/contract/src/catalog.ts', "import type { z } from 'zod';\nexport type Probe = z.ZodType;\n")).toEqual([]);
    expect(await rulesBroken('packages/contract/src/catalog.schema.ts', value)).toEqual([]);
  });
}, 60_000);
