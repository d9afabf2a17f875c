import type { SeedProduct } from './types.js';

// Special-needs equipment shop. Prices are in cents; originalPriceCents is set only for items on sale.
export const products: SeedProduct[] = [
  {
    name: 'Calm Hands Fidget Set',
    description:
      'Six quiet fidget toys in different textures, from a squishy pebble to a twisting loop, sized for small hands. Handy for circle time, car journeys and waiting rooms.',
    image: '/images/products/sensory-toys.svg',
    priceCents: 1899,
    originalPriceCents: null,
    badge: { type: 'popular', text: 'Popular' },
  },
  {
    name: 'Weighted Lap Pad',
    description:
      'A soft 1.5 kg lap pad filled with evenly stitched pockets that gives gentle, steady pressure during story time or meals. The washable cover comes in a calm sage green.',
    image: '/images/products/weighted-pad.svg',
    priceCents: 3499,
    originalPriceCents: 4299,
    badge: { type: 'sale', text: 'Sale' },
  },
  {
    name: 'Little Ears Noise-Reducing Ear Defenders',
    description:
      'Lightweight, padded ear defenders that soften loud sounds at parties, playgrounds and busy shops. The adjustable headband grows with your child.',
    image: '/images/products/ear-defenders.svg',
    priceCents: 2499,
    originalPriceCents: null,
    badge: { type: 'popular', text: 'Popular' },
  },
  {
    name: 'Easy-Grip Adaptive Cutlery Set',
    description:
      'A chunky fork, spoon and knife with bendable necks and non-slip handles that make self-feeding easier for children still building their grip.',
    image: '/images/products/cutlery.svg',
    priceCents: 2199,
    originalPriceCents: null,
    badge: { type: 'new', text: 'New' },
  },
  {
    name: 'Rainbow Visual Timer',
    description:
      'A silent countdown timer with a shrinking coloured disc, so children can see how long is left until tidy-up time or the next turn.',
    image: '/images/products/timer.svg',
    priceCents: 2799,
    originalPriceCents: 3299,
    badge: { type: 'sale', text: 'Sale' },
  },
  {
    name: 'Leaf Chewy Necklace',
    description:
      'A food-grade silicone leaf on a breakaway cord, made for safe chewing and oral sensory input. Dishwasher safe.',
    image: '/images/products/chewy.svg',
    priceCents: 1299,
    originalPriceCents: null,
    badge: null,
  },
  {
    name: 'Wiggle Wobble Seat Cushion',
    description:
      'An air-filled cushion with a bumpy side and a smooth side that lets busy bodies move a little while staying seated for activities.',
    image: '/images/products/cushion.svg',
    priceCents: 2299,
    originalPriceCents: null,
    badge: null,
  },
  {
    name: 'First Writers Pencil Grips (Pack of 6)',
    description:
      'Soft, moulded grips that guide little fingers into a comfortable tripod hold for crayons, pencils and paintbrushes.',
    image: '/images/products/pencil-grips.svg',
    priceCents: 899,
    originalPriceCents: 1199,
    badge: { type: 'sale', text: 'Sale' },
  },
  {
    name: 'Talk Together Picture Cards',
    description:
      'A set of 120 sturdy picture cards covering feelings, food, places and daily routines to support early communication. Comes with a ring binder and blank cards to personalise.',
    image: '/images/products/picture-cards.svg',
    priceCents: 3199,
    originalPriceCents: null,
    badge: { type: 'bestseller', text: 'Bestseller' },
  },
  {
    name: 'My Day Visual Schedule Board',
    description:
      'A fabric board with velcro strips and 40 routine pictures so your child can see what comes first, next and last each day.',
    image: '/images/products/picture-cards.svg',
    priceCents: 2599,
    originalPriceCents: null,
    badge: { type: 'new', text: 'New' },
  },
  {
    name: 'Rocking Balance Board',
    description:
      'A curved wooden board for rocking, balancing and imaginative play that builds core strength and coordination. Finished in child-safe water-based paint.',
    image: '/images/products/balance-board.svg',
    priceCents: 5999,
    originalPriceCents: 7499,
    badge: { type: 'sale', text: 'Sale' },
  },
  {
    name: 'Cocoon Sensory Swing',
    description:
      'A stretchy, hug-like indoor swing that wraps around your child for calming, rhythmic movement. Includes ceiling fixings and a weight guide.',
    image: '/images/products/swing.svg',
    priceCents: 8999,
    originalPriceCents: null,
    badge: { type: 'popular', text: 'Popular' },
  },
  {
    name: 'Textured Sensory Ball Set',
    description:
      'Eight soft balls with bumps, ridges and spikes in gentle colours, great for rolling, squeezing and exploring touch.',
    image: '/images/products/sensory-balls.svg',
    priceCents: 1599,
    originalPriceCents: null,
    badge: { type: 'new', text: 'New' },
  },
  {
    name: 'Glow Drift Sensory Bottles (Set of 3)',
    description:
      'Sealed bottles of slowly drifting glitter and beads that give a calm focus point during big feelings. Shatterproof and leak-proof.',
    image: '/images/products/sensory-bottles.svg',
    priceCents: 1799,
    originalPriceCents: null,
    badge: null,
  },
];
