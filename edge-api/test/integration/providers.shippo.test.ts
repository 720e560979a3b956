import { describeKindJourney } from './kind-journey-support';

/** A Shippo-kind API end to end over real HTTP, through the embedded Shippo-protocol sandbox (/sandbox/shippo). */
const KEY = 'shippo_test_0123456789abcdef0123456789abcdef';
const auth = { Authorization: `ShippoToken ${KEY}` };

describeKindJourney({
  kind: 'shippo',
  officialBaseUrl: 'https://api.goshippo.com',
  sandboxPath: '/sandbox/shippo',
  testKey: KEY,
  labelIdPattern: /^txn_/,
  labelFormats: ['pdf'],
  controls: (server) => {
    const shippo = server.shippo;
    if (!shippo) throw new Error('the Shippo sandbox is not running');
    return {
      failBuysAfterPurchase: (n) => shippo.failBuysAfterPurchase(n),
      breakLabelFiles: (n) => shippo.breakLabelFiles(n),
      purchases: () =>
        shippo.purchases().map((p) => ({ labelId: p.transactionId, reference: p.metadata, refund: p.refund })),
    };
  },
  async bought(server, labelId) {
    const base = `${server.url}/sandbox/shippo`;
    const t = (await (await fetch(`${base}/transactions/${labelId}`, { headers: auth })).json()) as {
      rate: string;
      metadata: string;
    };
    const rate = (await (await fetch(`${base}/rates/${t.rate}`, { headers: auth })).json()) as { amount: string };
    return { cents: Math.round(Number(rate.amount) * 100), reference: t.metadata };
  },
});
