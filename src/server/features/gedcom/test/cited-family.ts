import { expect } from 'vitest'
import type { FactProposal, FactSource } from '../../../../shared/contracts/facts.ts'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { as, type TestApp, type TestUser } from '../../../test/test-app.ts'
import { tusClient } from '../../../test/tus-client.ts'
import { familyOf } from '../../family-tree/test/family-api.ts'
import { recordingBytes } from './citing-service.ts'

/** Uploads a recording linked to a member or a memory; its media id. */
async function uploadRecording(t: TestApp, user: TestUser, fileName: string, linkedToType: string, linkedToId: string): Promise<string> {
  const response = await tusClient(t.app, user).createWithData(recordingBytes(), { filename: fileName, linkedToType, linkedToId })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return String(response.headers['legado-media-id'])
}

/**
 * Rosa (who keeps the tree) and Luis, married in 1945 in Ipiales; Luis died in Quito in 1990.
 * What her granddaughter told Ana about each, what Rosa told Cronos, and proposals that must not be cited.
 */
export async function citedFamily(t: TestApp) {
  const f = await familyOf(t.app)
  const rosa = await f.add({ firstName: 'Rosa', lastName: 'Díaz', gender: 'Femenino', isSelf: true, birthDate: '1920', birthPlace: 'Pasto', language: 'es' })
  const luis = await f.add({
    firstName: 'Luis',
    lastName: 'Ruiz',
    relationshipToOwner: 'Esposo',
    gender: 'Masculino',
    isDeceased: true,
    deathDate: '1990',
    deathPlace: 'Quito',
    unions: [{ spouseId: rosa.memberId, marriageDate: '1945', marriagePlace: 'Ipiales' }],
    language: 'es',
  })
  const interviewRecording = await uploadRecording(t, f.user, 'respuesta.wav', 'member', rosa.memberId)
  const memory = await as(t.app, f.user)({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Yo nací en Pasto, en la casa de la plaza.' } })
  expect(memory.statusCode, memory.body).toBe(201)
  const memoryId = memory.json<{ id: string }>().id
  const memoryRecording = await uploadRecording(t, f.user, 'recuerdo.wav', 'biographyEntry', memoryId)

  const lucia = (id: string, toldAt: string, question: string | null, recordingId: string | null = null): FactSource => ({
    kind: 'interview',
    id,
    toldAt,
    tellerUserId: 'lucia',
    tellerName: 'Lucía',
    tellerKin: 'su nieta',
    question,
    recordingId,
  })
  const fact = (
    id: string,
    member: Member,
    kind: FactProposal['kind'],
    value: string,
    quote: string,
    source: FactSource,
    status: FactProposal['status'] = 'accepted',
  ): FactProposal => ({
    id,
    memberId: member.memberId,
    kind,
    value,
    quote,
    source,
    status,
    current: null,
    existingMemberId: null,
    appliedMemberId: null,
    decidedAt: status === 'accepted' ? '2026-07-01T10:00:00.000Z' : null,
  })
  const aboutRosa = lucia('session-rosa', '2026-05-12T15:00:00.000Z', '¿Dónde nació la abuela Rosa?', interviewRecording)
  const later = { ...aboutRosa, toldAt: '2026-05-12T15:20:00.000Z', question: null, recordingId: null }
  const aboutLuis = lucia('session-luis', '2026-06-01T09:00:00.000Z', '¿Cuándo murió el abuelo?')
  const toCronos: FactSource = {
    kind: 'biography',
    id: memoryId,
    toldAt: '2026-05-20T18:00:00.000Z',
    tellerUserId: f.user.id,
    tellerName: 'Rosa',
    tellerKin: null,
    question: '¿Dónde naciste?',
    recordingId: memoryRecording,
  }
  const facts: FactProposal[] = [
    // One sentence said the place and the year: cited once.
    fact('f1', rosa, 'birthPlace', 'Pasto', 'Nació en Pasto en 1920', aboutRosa),
    fact('f2', rosa, 'birthDate', '1920', 'Nació en Pasto en 1920', aboutRosa),
    fact('f3', rosa, 'occupation', 'Maestra', 'Era maestra de escuela', later),
    fact('f4', rosa, 'residence', 'Ipiales', 'Vivió muchos años en Ipiales', later),
    fact('f5', rosa, 'nickname', 'Rosita', 'Todos le decían Rosita', later),
    fact('f6', rosa, 'marriageDate', '1945', 'Se casaron en 1945', later),
    fact('f7', luis, 'deathDate', '1990', 'El abuelo murió en Quito en 1990', aboutLuis),
    fact('f8', rosa, 'birthPlace', 'Pasto', 'Yo nací en Pasto, en la casa de la plaza', toCronos),
    // Not cited: waiting for a decision, a relative, a death the tree does not hold, someone not in the tree.
    fact('n1', rosa, 'occupation', 'Costurera', 'También cosía', later, 'open'),
    fact('n2', rosa, 'spouse', 'Luis Ruiz', 'Se casó con Luis Ruiz', later),
    fact('n3', rosa, 'deathPlace', 'Quito', 'Murió en Quito', later),
    { ...fact('n4', rosa, 'occupation', 'Sastre', 'Era sastre', later), memberId: 'someone-deleted' },
  ]
  return { ...f, rosa, luis, facts, interviewRecording, memoryRecording }
}

const interviewTitle = 'Entrevista con Ana sobre Rosa Díaz, 12 de mayo de 2026'
/** The citations `citedFamily`'s accepted facts make, `file` naming each recording's path. */
export const expectedCitations = (file: (mediaId: string) => string, ids: { interviewRecording: string; memoryRecording: string }) => [
  {
    owner: 'Rosa /Díaz/',
    under: 'NAME',
    title: interviewTitle,
    author: 'Lucía',
    page: 'Respuesta del 12 de mayo de 2026',
    date: '12 MAY 2026',
    text: 'Todos le decían Rosita',
  },
  {
    owner: 'Rosa /Díaz/',
    under: 'BIRT',
    title: interviewTitle,
    author: 'Lucía',
    page: '¿Dónde nació la abuela Rosa?',
    date: '12 MAY 2026',
    text: 'Nació en Pasto en 1920',
    file: file(ids.interviewRecording),
  },
  {
    owner: 'Rosa /Díaz/',
    under: 'BIRT',
    title: 'Recuerdo contado a Cronos por Rosa Díaz, 20 de mayo de 2026',
    author: 'Rosa',
    page: '¿Dónde naciste?',
    date: '20 MAY 2026',
    text: 'Yo nací en Pasto, en la casa de la plaza',
    file: file(ids.memoryRecording),
  },
  {
    owner: 'Rosa /Díaz/',
    under: 'OCCU Maestra',
    title: interviewTitle,
    author: 'Lucía',
    page: 'Respuesta del 12 de mayo de 2026',
    date: '12 MAY 2026',
    text: 'Era maestra de escuela',
  },
  {
    owner: 'Rosa /Díaz/',
    under: 'RESI',
    title: interviewTitle,
    author: 'Lucía',
    page: 'Respuesta del 12 de mayo de 2026',
    date: '12 MAY 2026',
    text: 'Vivió muchos años en Ipiales',
  },
  {
    owner: 'Luis /Ruiz/',
    under: 'DEAT',
    title: 'Entrevista con Ana sobre Luis Ruiz, 1 de junio de 2026',
    author: 'Lucía',
    page: '¿Cuándo murió el abuelo?',
    date: '1 JUN 2026',
    text: 'El abuelo murió en Quito en 1990',
  },
  {
    owner: 'Luis /Ruiz/ + Rosa /Díaz/',
    under: 'MARR',
    title: interviewTitle,
    author: 'Lucía',
    page: 'Respuesta del 12 de mayo de 2026',
    date: '12 MAY 2026',
    text: 'Se casaron en 1945',
  },
]
