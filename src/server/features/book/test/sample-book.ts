import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { BookChapter, BookPlan } from '../../../../shared/contracts/book.ts'
import { bookText } from '../book.words.ts'

const lorem =
  'Aquel invierno la nieve cubrió el pueblo entero y no hubo escuela durante semanas. Mi padre salía al alba a dar de comer a las vacas, y nosotros mirábamos desde la ventana cómo el humo de las chimeneas subía recto hacia un cielo muy blanco. '

/** A Spanish family book with what a printer and a reader check: accents, ñ, ¿ ¡, « », recordings with and without a link, photos. */
export function spanishPlan(options: { chapters?: number; photoIds?: string[]; url?: (index: number) => string } = {}): BookPlan {
  const url = options.url ?? ((index: number) => `https://legado.example/escuchar/tok${String(index).padStart(4, '0')}AbCdEfGhIjKlMnOpQrSt`)
  const photos = options.photoIds ?? []
  let recording = 0
  const chapters: BookChapter[] = [
    {
      key: 'childhood',
      title: 'La niñez en Peñíscola',
      subtitle: '1931 – 1945',
      retelling: null,
      blocks: [
        {
          type: 'memory',
          id: 'm1',
          title: '¿Quién tocaba el acordeón?',
          date: 'hacia 1940',
          text: `«¡Qué frío!», decía Carmen Ruiz López cada mañana, y la señora Muñoz le contestaba con una canción.\n\n${lorem.repeat(3)}\nLa cigüeña volvió en marzo; œuvre, façade y garçon eran palabras del maestro francés.`,
          recordings: [{ mediaId: 'a1', title: 'La voz de Carmen', url: url(recording++) }],
          teller: 'Lo contó Rosa Ruiz',
        },
        {
          type: 'answer',
          id: 'q1',
          question: '¿Cómo era la casa de la calle Mayor?',
          answer: `Tenía un patio con un limonero y una higuera. Elena Ruiz jugaba allí con su hermano Íñigo.\n${lorem.repeat(2)}`,
          date: '12 de marzo de 2024',
          recordings: [
            { mediaId: 'a2', title: 'Respuesta grabada', url: url(recording++) },
            { mediaId: 'a3', title: 'Sin enlace todavía', url: null },
          ],
          teller: null,
        },
        ...photos
          .slice(0, 1)
          .map((mediaId) => ({ type: 'photo' as const, id: `p-${mediaId}`, mediaId, caption: 'La familia en la playa, agosto de 1952', width: null, height: null })),
      ],
    },
    {
      key: 'work',
      title: 'El trabajo y los años de Madrid',
      subtitle: '1946 – 1970',
      retelling: `Carmen Ruiz López llegó a Madrid con una maleta de cartón.\n${lorem.repeat(6)}`,
      blocks: [],
    },
  ]
  for (let index = 2; index < (options.chapters ?? 2); index++) {
    chapters.push({
      key: `c${index}`,
      title: `Capítulo ${index + 1}: años de cambio`,
      subtitle: '',
      retelling: null,
      blocks: [
        {
          type: 'memory',
          id: `m${index}`,
          title: `Recuerdo número ${index + 1}`,
          date: '',
          text: `${index % 3 === 0 ? 'Elena Ruiz escribió una carta. ' : ''}${lorem.repeat(8)}`,
          recordings: index % 2 === 0 ? [{ mediaId: `r${index}`, title: `Grabación ${index}`, url: url(recording++) }] : [],
          teller: null,
        },
        ...photos
          .slice(1)
          .filter((_, photo) => photo % Math.max(1, (options.chapters ?? 2) - 2) === index - 2)
          .map((mediaId) => ({ type: 'photo' as const, id: `p-${mediaId}`, mediaId, caption: `Una foto de ${mediaId}`, width: null, height: null })),
      ],
    })
  }
  return {
    language: 'es',
    format: '6x9',
    bleed: false,
    title: 'La vida de Carmen Ruiz López',
    subtitle: '1931 – 2019',
    coverPhotoId: photos[0] ?? null,
    dedication: 'Para mis nietos, que un día preguntaron «¿y tú cómo eras?».',
    chapters,
    chart: [
      { id: 'p-antonio', name: 'Antonio Ruiz', years: '1900 – 1970', generation: 0, parentIds: [], partnerIds: ['p-dolores'] },
      { id: 'p-dolores', name: 'Dolores López', years: '1905 – 1988', generation: 0, parentIds: [], partnerIds: ['p-antonio'] },
      { id: 'p-carmen', name: 'Carmen Ruiz López', years: '1931 – 2019', generation: 1, parentIds: ['p-antonio', 'p-dolores'], partnerIds: [] },
      { id: 'p-elena', name: 'Elena Ruiz', years: '1958', generation: 2, parentIds: ['p-carmen'], partnerIds: [] },
    ],
    people: [
      { id: 'p-carmen', name: 'Carmen Ruiz López', terms: ['Carmen Ruiz López'] },
      { id: 'p-elena', name: 'Elena Ruiz', terms: ['Elena Ruiz'] },
      { id: 'p-inigo', name: 'Íñigo Ruiz', terms: ['Íñigo Ruiz', 'Íñigo'] },
      { id: 'p-antonio', name: 'Antonio Ruiz', terms: ['Antonio Ruiz'] },
      { id: 'p-dolores', name: 'Dolores López', terms: ['Dolores López'] },
      { id: 'p-zoe', name: 'Zoë Ångström', terms: ['Zoë Ångström'] },
      { id: 'p-nuno', name: 'Ñuño Gil', terms: ['Ñuño Gil'] },
    ],
    colophon: bookText.es.colophon('29 de noviembre de 2026'),
    words: bookText.es.words,
  }
}

/** A French book of one chapter: ç, œ, « », and a name beyond the latin letters (Łucja). */
export function frenchPlan(): BookPlan {
  return {
    ...spanishPlan(),
    language: 'fr',
    format: 'a5',
    title: 'La famille Lefèvre',
    subtitle: '1920 – 2020',
    coverPhotoId: null,
    dedication: '',
    chapters: [
      {
        key: 'fr',
        title: 'Les étés à Noël-sur-Mer',
        subtitle: '',
        retelling: null,
        blocks: [
          {
            type: 'memory',
            id: 'f1',
            title: 'Le cœur de la maison',
            date: 'vers 1950',
            text: '« Où est passé le garçon ? » demandait Łucja Lefèvre. Ça sentait le pain d’épices… — et l’œuvre du grand-père.',
            recordings: [],
            teller: null,
          },
        ],
      },
    ],
    chart: [],
    people: [{ id: 'p-lucja', name: 'Łucja Lefèvre', terms: ['Łucja Lefèvre'] }],
    colophon: bookText.fr.colophon('29 novembre 2026'),
    words: bookText.fr.words,
  }
}

/** JPEG photos of the given sizes (in pixels), each a gradient so that it compresses like a photo does not. */
export async function makePhotos(folder: string, sizes: { width: number; height: number }[]): Promise<Map<string, string>> {
  await mkdir(folder, { recursive: true })
  const files = new Map<string, string>()
  for (const [index, size] of sizes.entries()) {
    const file = path.join(folder, `photo-${index}`)
    const noise = await sharp({ create: { width: size.width, height: size.height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 80 })
      .toBuffer()
    await sharp(noise)
      .composite([{ input: Buffer.from(`<svg width="${size.width}" height="${size.height}"><circle cx="50%" cy="50%" r="30%" fill="#a05a2c"/></svg>`) }])
      .jpeg({ quality: 85 })
      .toFile(file)
    files.set(`photo-${index}`, file)
  }
  return files
}
