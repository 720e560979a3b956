import { describeKindJourney } from './kind-journey-support';

/** An EasyPost-kind API end to end over real HTTP, through the embedded EasyPost-protocol sandbox (/sandbox/easypost). */
const KEY = 'EZTK0123456789abcdefABCDEF';

describeKindJourney({
  kind: 'easypost',
  officialBaseUrl: 'https://api.easypost.com',
  sandboxPath: '/sandbox/easypost',
  testKey: KEY,
  labelIdPattern: /^shp_/,
  labelFormats: ['pdf', 'zpl'],
  controls: (server) => {
    const easypost = server.easypost;
    if (!easypost) throw new Error('the EasyPost sandbox is not running');
    return {
      failBuysAfterPurchase: (n) => easypost.failBuysAfterPurchase(n),
      breakLabelFiles: (n) => easypost.breakLabelFiles(n),
      purchases: () =>
        easypost.purchases().map((p) => ({ labelId: p.shipmentId, reference: p.reference, refund: p.refund })),
    };
  },
  async bought(server, labelId) {
    const shipment = (await (
      await fetch(`${server.url}/sandbox/easypost/v2/shipments/${labelId}`, {
        headers: { Authorization: `Basic ${btoa(`${KEY}:`)}` },
      })
    ).json()) as { selected_rate: { rate: string }; reference: string };
    return { cents: Math.round(Number(shipment.selected_rate.rate) * 100), reference: shipment.reference };
  },
});
